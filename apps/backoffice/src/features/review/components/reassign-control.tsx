import type { CaseView } from '@hk/domain/review/contracts';
import { Alert, Button, Select, Space } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffApiError } from '../../../lib/api';
import { fetchAssignees } from '../api/review-api';

type Assignees = { id: string; displayName: string }[];

/**
 * For an approver or an administrator (case.reassign): give an open case to another member of
 * staff who decides items. The list comes from the server (who may be given a case); the action
 * goes through the page's `run` (version, 409 reload, announcement).
 */
export function ReassignControl({
  view,
  busy,
  onReassign,
}: {
  view: CaseView;
  busy: boolean;
  onReassign: (assigneeId: string, displayName: string) => void;
}) {
  const { t } = useTranslation(['cases', 'common']);
  const labelId = useId();
  const [assignees, setAssignees] = useState<Assignees | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  useEffect(() => {
    fetchAssignees()
      .then((list) => setAssignees(list.assignees))
      .catch((error: unknown) =>
        setFailed(error instanceof StaffApiError ? error.message : t('common:network_error')),
      );
  }, [t]);
  const current = view.case.assignee?.id;
  const options = (assignees ?? [])
    .filter((a) => a.id !== current)
    .map((a) => ({ value: a.id, label: a.displayName }));
  if (failed) return <Alert type="warning" showIcon title={t('assignees_failed')} description={failed} />;
  return (
    <Space wrap>
      <span id={labelId}>{t('reassign_label')}</span>
      <Select
        aria-labelledby={labelId}
        style={{ minWidth: 200 }}
        loading={assignees === null}
        placeholder={t('reassign_placeholder')}
        options={options}
        value={chosen}
        onChange={setChosen}
        showSearch
        optionFilterProp="label"
      />
      <Button
        disabled={!chosen}
        loading={busy}
        onClick={() => {
          const who = options.find((o) => o.value === chosen);
          if (who) onReassign(who.value, who.label);
        }}
      >
        {t('reassign')}
      </Button>
    </Space>
  );
}
