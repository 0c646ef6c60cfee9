import { ApproveCaseRequestSchema } from '@hk/domain/review/contracts';
import { Alert, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import type { ActionOutcome } from './action-outcome';

/**
 * The checker's approval: the approver re-enters the current code of their authenticator (the
 * contract's 6 digits, checked here before any call). A refusal stays in the modal, in words.
 */
export function ApproveModal({
  open,
  applicantName,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  applicantName: string;
  onCancel(): void;
  onSubmit(totp: string): Promise<ActionOutcome>;
}) {
  const { t } = useTranslation('cases');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      setCode('');
      setProblem(null);
    }
  }, [open]);

  const submit = async () => {
    const totp = code.trim();
    if (!z.safeParse(ApproveCaseRequestSchema.shape.totp, totp).success) {
      setProblem(t('totp_format'));
      return;
    }
    setProblem(null);
    setIsBusy(true);
    const outcome = await onSubmit(totp);
    setIsBusy(false);
    // a used or wrong code cannot be tried twice: the field is emptied for the next one
    if (!outcome.ok) {
      setCode('');
      if (!outcome.isConflict) setProblem(outcome.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('approve_title', { name: applicantName })}
      okText={t('approve')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onCancel}
      confirmLoading={isBusy}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('approve_intro')}</Typography.Paragraph>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="form-field">
          <label htmlFor="approve-totp">{t('totp_label')}</label>
          <Input
            id="approve-totp"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'approve-totp-problem' : undefined}
            autoFocus
          />
        </div>
        {problem && (
          <Alert id="approve-totp-problem" type="error" showIcon title={problem} className="action-error" />
        )}
      </form>
    </Modal>
  );
}
