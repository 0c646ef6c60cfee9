import { type CaseStage, checkCanDecline, INTERNAL_NOTE_MAX } from '@hk/domain/review/decisions';
import { DECLINE_REASONS, type DeclineReason, declineReasonKey } from '@hk/domain/review/reasons';
import { Alert, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionOutcome } from './action-outcome';

/** Declining the whole application: final, with a reason from the domain's list and a note for staff. */
export function DeclineModal({
  open,
  applicantName,
  stage,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  applicantName: string;
  stage: CaseStage;
  onCancel(): void;
  onSubmit(reason: DeclineReason, internalNote: string | null): Promise<ActionOutcome>;
}) {
  const { t } = useTranslation(['cases', 'review']);
  const [reason, setReason] = useState<DeclineReason | undefined>();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      setReason(undefined);
      setNote('');
      setProblem(null);
    }
  }, [open]);

  const submit = async () => {
    if (!reason) {
      setProblem(t('decline_reason_required'));
      return;
    }
    const internalNote = note.trim() ? note.trim() : null;
    const found = checkCanDecline({ stage, assigneeId: null }, { reason, internalNote });
    if (found) {
      setProblem(t(found === 'note_required' ? 'decline_note_required' : 'problem_case_closed'));
      return;
    }
    setProblem(null);
    setIsBusy(true);
    const outcome = await onSubmit(reason, internalNote);
    setIsBusy(false);
    if (!outcome.ok && !outcome.isConflict) setProblem(outcome.message);
  };

  return (
    <Modal
      open={open}
      title={t('decline_title', { name: applicantName })}
      okText={t('decline')}
      okButtonProps={{ danger: true }}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onCancel}
      confirmLoading={isBusy}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('decline_intro')}</Typography.Paragraph>
      <div className="form-field">
        <label htmlFor="decline-reason">{t('decline_reason_label')}</label>
        <Select<DeclineReason>
          id="decline-reason"
          value={reason}
          onChange={setReason}
          placeholder={t('decline_reason_placeholder')}
          options={DECLINE_REASONS.map((r) => ({ value: r, label: t(`review:${declineReasonKey(r)}`) }))}
          style={{ width: '100%' }}
        />
      </div>
      <div className="form-field">
        <label htmlFor="decline-note">{t('note_label')}</label>
        <span className="field-hint" id="decline-note-hint">
          {t('decline_note_hint')}
        </span>
        <Input.TextArea
          id="decline-note"
          aria-describedby="decline-note-hint"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={INTERNAL_NOTE_MAX}
          autoSize={{ minRows: 3, maxRows: 8 }}
          showCount
        />
      </div>
      {problem && <Alert type="error" showIcon title={problem} className="action-error" />}
    </Modal>
  );
}
