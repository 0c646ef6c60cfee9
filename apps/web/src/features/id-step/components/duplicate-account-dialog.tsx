import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui';
import { logoutAndForget } from '../../../lib/api/logout';
import { useServiceInfo } from '../../../lib/api/service-info';
import { useTranslation } from '../../../lib/i18n';
import { ROUTES } from '../../../lib/routes';

/**
 * spec §4 duplicate-account cases (2003 this ID is used with another mobile; 2004 this mobile is
 * used with another ID): the server's message, then re-login with another number, call customer
 * service, or cancel.
 */
export function DuplicateAccountDialog({
  message,
  onClose,
}: {
  message: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('id');
  const { tel } = useServiceInfo();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  return (
    <Dialog
      visible={message !== null}
      title={t('duplicate_title')}
      onClose={onClose}
      content={
        <div className="id-dialog-body">
          <p>{message}</p>
          {tel && (
            <p>
              {t('cs_phone_label')} <a href={`tel:${tel}`}>{tel}</a>
            </p>
          )}
        </div>
      }
      actions={[
        {
          key: 'relogin',
          text: t('duplicate_relogin'),
          bold: true,
          disabled: leaving,
          onClick: async () => {
            setLeaving(true);
            await logoutAndForget();
            qc.clear();
            void navigate(ROUTES.login.path, { replace: true });
          },
        },
        {
          key: 'contact',
          text: t('duplicate_contact'),
          disabled: !tel,
          onClick: () => {
            if (tel) window.location.assign(`tel:${tel}`);
          },
        },
        { key: 'cancel', text: t('cancel'), onClick: onClose },
      ]}
    />
  );
}
