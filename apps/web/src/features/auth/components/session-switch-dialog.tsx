import Dialog from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/i18n';
import { keepCurrentSession, switchToLinkSession } from '../../../lib/session-handoff';

/**
 * issue #5 §4.2: a hand-off link carries another person's session while one is live here. The
 * person sees both masked numbers and chooses; tapping outside does not choose for them.
 * Default export: loaded lazily by app/session-handoff-gate.tsx.
 */
export default function SessionSwitchDialog({
  currentMobile,
  linkMobile,
}: {
  currentMobile: string;
  linkMobile: string;
}) {
  const { t } = useTranslation('login');
  const unknown = t('handoff_number_unknown');
  return (
    <Dialog
      visible
      title={t('handoff_title')}
      closeOnMaskClick={false}
      content={
        <div className="handoff-dialog-body">
          <p>{t('handoff_body')}</p>
          <p>{t('handoff_current', { mobile: currentMobile || unknown })}</p>
          <p>{t('handoff_link', { mobile: linkMobile || unknown })}</p>
        </div>
      }
      actions={[
        {
          key: 'keep',
          text: currentMobile ? t('handoff_keep', { mobile: currentMobile }) : t('handoff_keep_plain'),
          bold: true,
          onClick: keepCurrentSession,
        },
        {
          key: 'switch',
          text: linkMobile ? t('handoff_switch', { mobile: linkMobile }) : t('handoff_switch_plain'),
          onClick: switchToLinkSession,
        },
      ]}
    />
  );
}
