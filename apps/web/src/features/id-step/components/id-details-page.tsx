import { ErrorCode, nextIdScreen, submitLabelKey } from '@hk/domain';
import { useEffect, useState } from 'react';
import { ReopenedNotice } from '../../../components/reopened-notice';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import { ROUTES } from '../../../lib/routes';
import { ERROR_TOAST_MS, showToast } from '../../../lib/toast';
import { useApplicationInfo } from '../../../step-kit/api/get-info';
import { ReturnedNotice } from '../../../step-kit/components/returned-notice';
import { PageState, StepHeader } from '../../../step-kit/components/step-header';
import { useSaveIdDetails } from '../api/save-id-details';
import { checkIsDuplicateAccountError, checkIsStepVersionConflict } from '../lib/api-errors';
import { useIdNavigate } from '../lib/use-id-navigation';
import { useStepVersion } from '../lib/use-step-version';
import { DuplicateAccountDialog } from './duplicate-account-dialog';
import { IdDetailsForm } from './id-details-form';
import '../../../step-kit/step-kit.css';

/** /userinfo/id/details: the person confirms what is on the ID. */
export default function IdDetailsPage() {
  const { t } = useTranslation('id');
  const info = useApplicationInfo();
  const save = useSaveIdDetails();
  const go = useIdNavigate();
  const { state } = usePageFlags();
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const { stepVersion, restart } = useStepVersion(info);

  const screen = info.data ? nextIdScreen(info.data) : null;
  const mustGoBack = screen === 'location' || screen === 'photos';
  useEffect(() => {
    if (screen === 'location' || screen === 'photos') go(screen, { replace: true });
  }, [screen, go]);

  if (!info.data || mustGoBack)
    return <PageState loading={!info.error} error={info.error} onRetry={() => void info.refetch()} />;

  return (
    <main className="id-step-page">
      <StepHeader title={t('details_title')} subStep={3} />
      <p className="id-intro">{t('details_intro')}</p>
      <ReturnedNotice step="identity" />
      <ReopenedNotice reason={info.data.id_step.reopened_reason} />
      <IdDetailsForm
        step={info.data.id_step}
        submitLabel={t(submitLabelKey(state, 'submit'))}
        onSubmit={async (details) => {
          try {
            await save.mutateAsync({ ...details, step_version: stepVersion });
          } catch (err) {
            if (checkIsDuplicateAccountError(err)) {
              setDuplicate(err.message || t('duplicate_title'));
              return;
            }
            // Saved on another device meanwhile: the info is loaded again (the save hook), what
            // was typed here stays, and the next save names the version just loaded.
            if (checkIsStepVersionConflict(err)) {
              restart();
              void showToast(t('code_step_version_conflict', { ns: 'errors' }), 'warn', ERROR_TOAST_MS);
              return;
            }
            if (
              err instanceof ApiError &&
              err.status === ErrorCode.VALIDATION_FAILED &&
              Object.keys(err.fields).length
            )
              return err.fields;
            throw err;
          }
          // the flow goes on with the first unfinished step; a change of a finished step returns to the
          // progress; a refused application's to the list of what staff returned (issue #14)
          go(state && state !== 'refused' ? 'done' : ROUTES.userinfo.path, { replace: !state });
          return undefined;
        }}
      />
      <DuplicateAccountDialog message={duplicate} onClose={() => setDuplicate(null)} />
    </main>
  );
}
