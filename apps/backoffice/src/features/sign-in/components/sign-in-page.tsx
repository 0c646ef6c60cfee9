import { type StaffSession, StaffSignInRequestSchema } from '@hk/domain/staff/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { LanguageSwitch } from '../../../components/language-switch';
import { StaffApiError } from '../../../lib/api';
import type { SignedOutNotice } from '../../../lib/session';
import { createSession } from '../../../lib/session-api';

type Field = keyof typeof StaffSignInRequestSchema.shape;

/** The message key of a field the domain's sign-in schema refuses: empty, or not in its form. */
const FIELD_ERROR_KEYS = {
  username: { empty: 'username_required', invalid: 'username_too_long' },
  password: { empty: 'password_required', invalid: 'password_too_long' },
  totp: { empty: 'totp_required', invalid: 'totp_format' },
} as const satisfies Record<Field, { empty: string; invalid: string }>;

export interface SignInPageProps {
  /** Why the page is shown: the session ended, the person signed out, the server was not reached. */
  notice: SignedOutNotice | null;
  onSignedIn(session: StaffSession): void;
}

/**
 * Sign-in with username, password and the authenticator's current code (issue #14). The fields are
 * checked with the same schema the server parses with; the server's refusal (wrong password or
 * code, locked, too many attempts) is shown as it sends it, already in the person's language.
 */
export function SignInPage({ notice, onSignedIn }: SignInPageProps) {
  const { t } = useTranslation(['sign_in', 'common']);
  const [form] = Form.useForm<Record<Field, string>>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const ruleFor = (field: Field) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value : '';
      if (!text) throw new Error(t(FIELD_ERROR_KEYS[field].empty));
      if (!z.safeParse(StaffSignInRequestSchema.shape[field], text).success)
        throw new Error(t(FIELD_ERROR_KEYS[field].invalid));
    },
  });

  const submit = async (values: Record<Field, string>) => {
    setServerError(null);
    setIsSubmitting(true);
    try {
      const session = await createSession(
        z.parse(StaffSignInRequestSchema, { ...values, username: values.username.trim() }),
      );
      onSignedIn(session);
    } catch (error) {
      setServerError(
        error instanceof StaffApiError ? error.message : t('common:unexpected_answer', { status: 0 }),
      );
      // a code is good once: the next try needs the authenticator's next one
      form.setFieldValue('totp', '');
      setIsSubmitting(false);
    }
  };

  const noticeText = notice ? t(`notice_${notice}`) : null;
  return (
    <div className="sign-in-screen">
      <div className="sign-in-top">
        <LanguageSwitch />
      </div>
      {/* a plain panel and headings, not antd's Card and Typography: they bring tabs and tooltips
          (35 KB) to the first load */}
      <main className="sign-in-card">
        <h1 className="sign-in-title">{t('title')}</h1>
        <p className="sign-in-intro">{t('intro')}</p>
        {noticeText && !serverError && (
          <Alert
            role="alert"
            type={notice === 'signed_out' ? 'info' : 'warning'}
            title={noticeText}
            showIcon
            style={{ marginBottom: 16 }}
          />
        )}
        <Form
          form={form}
          name="sign_in"
          layout="vertical"
          requiredMark={false}
          validateTrigger="onSubmit"
          scrollToFirstError={{ focus: true }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item name="username" label={t('username')} rules={[ruleFor('username')]}>
            <Input autoComplete="username" autoCapitalize="none" spellCheck={false} aria-required />
          </Form.Item>
          <Form.Item name="password" label={t('password')} rules={[ruleFor('password')]}>
            <Input.Password autoComplete="current-password" visibilityToggle={false} aria-required />
          </Form.Item>
          <Form.Item name="totp" label={t('totp')} extra={t('totp_hint')} rules={[ruleFor('totp')]}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} aria-required />
          </Form.Item>
          {serverError && (
            <Alert role="alert" type="error" title={serverError} showIcon style={{ marginBottom: 16 }} />
          )}
          <Button type="primary" htmlType="submit" block loading={isSubmitting}>
            {t('submit')}
          </Button>
        </Form>
      </main>
    </div>
  );
}
