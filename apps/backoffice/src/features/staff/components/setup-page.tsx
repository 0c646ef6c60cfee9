import type { StaffSetupStart } from '@hk/domain/staff/management';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch';
import { StaffApiError } from '../../../lib/api';
import { formatHkTime } from '../../../lib/hk-time';
import { ROUTES } from '../../../lib/routes';
import { finishSetup, startSetup } from '../api/staff-api';

type Page =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'ready'; setup: StaffSetupStart }
  | { kind: 'done' };

interface Values {
  password: string;
  passwordAgain: string;
  totp: string;
}

/** The token of the link: after `#` (the browser never sends it to a server). */
function tokenOf(hash: string): string | null {
  const token = hash.replace(/^#/, '');
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * /setup#<token> (issue #22): a new member's first sign-in, or after a reset. They choose their
 * password, add the console to their authenticator app from the QR code (or by typing the key),
 * and confirm with the code it shows; the link is then used up.
 */
export function SetupPage() {
  const { t } = useTranslation(['staff_setup', 'common']);
  const [token] = useState(() => tokenOf(window.location.hash));
  const [page, setPage] = useState<Page>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!token) {
      setPage({ kind: 'invalid', message: t('no_token') });
      return;
    }
    startSetup(token)
      .then((setup) => setPage({ kind: 'ready', setup }))
      .catch((e: unknown) =>
        setPage({
          kind: 'invalid',
          message: e instanceof StaffApiError ? e.message : t('common:network_error'),
        }),
      );
  }, [token, t]);

  const submit = (values: Values) => {
    if (!token) return;
    setBusy(true);
    setError(null);
    finishSetup({ token, password: values.password, totp: values.totp.trim() })
      .then(() => setPage({ kind: 'done' }))
      .catch((e: unknown) => {
        if (e instanceof StaffApiError && (e.fields.password || e.fields.totp)) {
          form.setFields(
            (['password', 'totp'] as const)
              .filter((f) => e.fields[f])
              .map((name) => ({ name, errors: [e.fields[name]!] })),
          );
          form.setFieldValue('totp', '');
        } else setError(e instanceof StaffApiError ? e.message : t('common:network_error'));
      })
      .finally(() => setBusy(false));
  };

  return (
    <div className="sign-in-screen">
      <div className="sign-in-top">
        <LanguageSwitch />
      </div>
      <main className="sign-in-card">
        <h1 className="sign-in-title">{t('title')}</h1>
        {page.kind === 'loading' && <p>{t('common:loading')}</p>}
        {page.kind === 'invalid' && <Alert type="error" showIcon role="alert" title={page.message} />}
        {page.kind === 'done' && (
          <>
            <Alert
              type="success"
              showIcon
              role="status"
              title={t('done_title')}
              description={t('done_text')}
            />
            <p>
              <Link to={ROUTES.signIn.path}>{t('to_sign_in')}</Link>
            </p>
          </>
        )}
        {page.kind === 'ready' && (
          <>
            <p className="sign-in-intro">
              {t('intro', { name: page.setup.displayName, username: page.setup.username })}
            </p>
            <p>{t('valid_until', { time: formatHkTime(page.setup.expiresAt) })}</p>
            <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
              <h2>{t('step_password')}</h2>
              <Form.Item
                name="password"
                label={t('password')}
                extra={t('password_help')}
                rules={[{ required: true, message: t('required') }]}
              >
                <Input.Password autoComplete="new-password" maxLength={128} />
              </Form.Item>
              <Form.Item
                name="passwordAgain"
                label={t('password_again')}
                dependencies={['password']}
                rules={[
                  { required: true, message: t('required') },
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value) => {
                      if (value && value !== getFieldValue('password')) throw new Error(t('mismatch'));
                    },
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={128} />
              </Form.Item>
              <h2>{t('step_app')}</h2>
              <p>{t('scan')}</p>
              <img src={page.setup.qrCode} alt={t('qr_alt')} width={200} height={200} />
              <p>
                {t('secret_label')} <code style={{ wordBreak: 'break-all' }}>{page.setup.secret}</code>
              </p>
              <h2>{t('step_code')}</h2>
              <Form.Item
                name="totp"
                label={t('code')}
                rules={[
                  { required: true, message: t('required') },
                  { pattern: /^\s*\d{6}\s*$/, message: t('code_format') },
                ]}
              >
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
              </Form.Item>
              {error && (
                <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />
              )}
              <Button type="primary" htmlType="submit" loading={busy} block>
                {t('submit')}
              </Button>
            </Form>
          </>
        )}
      </main>
    </div>
  );
}
