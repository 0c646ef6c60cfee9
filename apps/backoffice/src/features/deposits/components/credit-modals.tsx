import type { ApplicationSummary, CreditView } from '@hk/domain/deposit/operations-contracts';
import {
  VOUCHER_REQUEST_REASON_TEXTS,
  VOUCHER_REQUEST_REASONS,
  type VoucherRequestReason,
} from '@hk/domain/deposit/operations-texts';
import { Alert, Button, Input, Modal, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffApiError } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { matchCredit, recordRefund, requestVoucher } from '../api/deposits-api';
import { ApplicationSearch } from './application-search';

const NOTE_MAX = 500;
const messageOf = (error: unknown, fallback: string) =>
  error instanceof StaffApiError ? error.message : fallback;

/** The credit shown at the top of a modal: amount, payer, account, reference. */
function CreditLine({ credit }: { credit: CreditView }) {
  return (
    <Typography.Paragraph strong>
      {[credit.amountText, credit.payerName, credit.payerAccountMasked, credit.reference]
        .filter(Boolean)
        .join(' · ')}
    </Typography.Paragraph>
  );
}

/**
 * Matching a credit by hand: the application found by its code or name; the server checks the same
 * rules as the automatic match and gives back each one a match would break.
 */
export function MatchModal({
  credit,
  onClose,
  onDone,
}: {
  credit: CreditView;
  onClose(): void;
  onDone(credit: CreditView): void;
}) {
  const { t } = useTranslation(['deposits', 'common']);
  const [problem, setProblem] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const match = async (application: ApplicationSummary) => {
    setProblem(null);
    setBusyId(application.id);
    try {
      onDone(await matchCredit(credit, application.id));
    } catch (error) {
      setProblem(messageOf(error, t('common:network_error')));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Modal open title={t('match_title')} footer={null} onCancel={onClose} destroyOnHidden width={720}>
      <CreditLine credit={credit} />
      <Typography.Paragraph>{t('match_intro')}</Typography.Paragraph>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} />}
      <ApplicationSearch
        actions={(a) => (
          <Button type="primary" loading={busyId === a.id} onClick={() => void match(a)}>
            {t('match')}
          </Button>
        )}
      />
    </Modal>
  );
}

/** Recording that a credit's money went back to its payer: a note says how and when. */
export function RefundModal({
  credit,
  onClose,
  onDone,
}: {
  credit: CreditView;
  onClose(): void;
  onDone(credit: CreditView): void;
}) {
  const { t } = useTranslation(['deposits', 'common']);
  const noteId = useId();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<{ field: boolean; message: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async () => {
    if (!note.trim()) return setProblem({ field: true, message: t('note_required') });
    setProblem(null);
    setIsBusy(true);
    try {
      onDone(await recordRefund(credit, note.trim()));
    } catch (error) {
      setProblem({ field: false, message: messageOf(error, t('common:network_error')) });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('refund_title')}
      okText={t('refund_record')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={isBusy}
      destroyOnHidden
    >
      <CreditLine credit={credit} />
      {credit.reasons.length > 0 && (
        <Typography.Paragraph>{credit.reasons.map((r) => r.label).join(' ')}</Typography.Paragraph>
      )}
      {problem && !problem.field && <Alert type="error" showIcon title={problem.message} />}
      <div className="form-field">
        <label htmlFor={noteId}>{t('refund_note_label')}</label>
        <Input.TextArea
          id={noteId}
          value={note}
          maxLength={NOTE_MAX}
          rows={3}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={problem?.field ? true : undefined}
          aria-describedby={problem?.field ? `${noteId}-error` : undefined}
        />
        {problem?.field && (
          <div id={`${noteId}-error`} role="alert" className="field-error">
            {problem.message}
          </div>
        )}
      </div>
    </Modal>
  );
}

/** Asking the applicant for a clearer voucher: a reason from the domain's list (they read it), a note. */
export function VoucherModal({
  application,
  onClose,
  onDone,
}: {
  application: ApplicationSummary;
  onClose(): void;
  onDone(application: ApplicationSummary): void;
}) {
  const { t } = useTranslation(['deposits', 'common']);
  const reasonId = useId();
  const noteId = useId();
  const lang = currentLanguage();
  const [reason, setReason] = useState<VoucherRequestReason | undefined>();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<{ field: boolean; message: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async () => {
    if (!reason) return setProblem({ field: true, message: t('voucher_reason_required') });
    setProblem(null);
    setIsBusy(true);
    try {
      onDone(await requestVoucher(application, reason, note));
    } catch (error) {
      setProblem({ field: false, message: messageOf(error, t('common:network_error')) });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('voucher_title', { name: application.applicantName })}
      okText={t('voucher_send')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={isBusy}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('voucher_intro')}</Typography.Paragraph>
      {problem && !problem.field && <Alert type="error" showIcon title={problem.message} />}
      <div className="form-field">
        <label htmlFor={reasonId}>{t('voucher_reason_label')}</label>
        <Select<VoucherRequestReason>
          id={reasonId}
          value={reason}
          onChange={setReason}
          placeholder={t('voucher_reason_placeholder')}
          options={VOUCHER_REQUEST_REASONS.map((r) => ({
            value: r,
            label: VOUCHER_REQUEST_REASON_TEXTS[r][lang],
          }))}
          style={{ width: '100%' }}
          aria-invalid={problem?.field ? true : undefined}
          aria-describedby={problem?.field ? `${reasonId}-error` : undefined}
        />
        {problem?.field && (
          <div id={`${reasonId}-error`} role="alert" className="field-error">
            {problem.message}
          </div>
        )}
      </div>
      <div className="form-field">
        <label htmlFor={noteId}>{t('voucher_note_label')}</label>
        <Input.TextArea
          id={noteId}
          value={note}
          maxLength={NOTE_MAX}
          rows={3}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
    </Modal>
  );
}
