import { STAFF_LANGUAGES } from '@hk/domain/staff/contracts';
import {
  STAFF_SETUP_LINK_DEFAULT_HOURS,
  STAFF_SETUP_LINK_HOURS,
  STAFF_SETUP_PATH,
  type StaffCreateRequest,
  type StaffMemberView,
} from '@hk/domain/staff/management';
import { checkIsDecidingRole, STAFF_ROLES, type StaffRole } from '@hk/domain/staff/roles';
import { Alert, Button, Checkbox, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { TAG_ATTENTION, TAG_ERROR, TAG_OK } from '../../../components/tag-colors';
import { StaffApiError } from '../../../lib/api';
import { formatHkTime } from '../../../lib/hk-time';
import { useStaffSession } from '../../../lib/session';
import { changeRoles, createStaff, fetchStaff, newSetupLink, staffAction } from '../api/staff-api';
import { languageKey } from '../texts';

type List =
  | { kind: 'loading' }
  | { kind: 'ready'; members: StaffMemberView[] }
  | { kind: 'failed'; message: string };
type Confirming = { kind: 'disable' | 'enable' | 'unlock' | 'reset'; member: StaffMemberView };
interface IssuedLink {
  member: StaffMemberView;
  token: string;
  expiresAt: string;
}

// solid AA tags (components/tag-colors.ts); 'default' is antd's dark text on grey (14:1)
const STATE_COLORS = {
  active: TAG_OK,
  disabled: 'default',
  locked: TAG_ERROR,
  awaiting_setup: TAG_ATTENTION,
} as const;

/** The address the new member opens: the token after `#`, so it never reaches a server log. */
export function setupLinkOf(token: string): string {
  return `${window.location.origin}${STAFF_SETUP_PATH}#${token}`;
}

/**
 * /staff (staff.manage, issue #22): every staff member with their roles, language, state and last
 * sign-in; create one (a one-time set-up link is shown once), change roles, disable, enable,
 * unlock, reset the sign-in. The API refuses what separation of duties forbids (a deciding role
 * for oneself) and says why, next to the field.
 */
export function StaffPage() {
  const { t } = useTranslation(['staff', 'common']);
  const { staff: me } = useStaffSession();
  const [list, setList] = useState<List>({ kind: 'loading' });
  const [creating, setCreating] = useState(false);
  const [editingRoles, setEditingRoles] = useState<StaffMemberView | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [createForm] = Form.useForm<StaffCreateRequest>();
  const [rolesForm] = Form.useForm<{ roles: StaffRole[] }>();

  const failure = useCallback(
    (error: unknown) => (error instanceof StaffApiError ? error.message : t('common:network_error')),
    [t],
  );
  const load = useCallback(() => {
    fetchStaff()
      .then((members) => setList({ kind: 'ready', members }))
      .catch((error: unknown) => setList({ kind: 'failed', message: failure(error) }));
  }, [failure]);
  useEffect(load, [load]);

  /** A refused form: each field's message next to the field, the rest above the buttons. */
  const showErrors = (form: typeof createForm | typeof rolesForm, error: unknown, known: string[]) => {
    if (error instanceof StaffApiError && Object.keys(error.fields).some((f) => known.includes(f))) {
      form.setFields(
        Object.entries(error.fields)
          .filter(([f]) => known.includes(f))
          .map(([name, message]) => ({ name: name as never, errors: [message] })),
      );
      return;
    }
    setActionError(failure(error));
  };

  const create = (values: StaffCreateRequest) => {
    setBusy(true);
    setActionError(null);
    createStaff({ ...values, username: values.username.trim(), displayName: values.displayName.trim() })
      .then(({ member, setupLink }) => {
        setCreating(false);
        createForm.resetFields();
        setIssued({ member, ...setupLink });
        load();
      })
      .catch((error: unknown) =>
        showErrors(createForm, error, ['username', 'displayName', 'roles', 'language']),
      )
      .finally(() => setBusy(false));
  };

  const saveRoles = (values: { roles: StaffRole[] }) => {
    if (!editingRoles) return;
    setBusy(true);
    setActionError(null);
    changeRoles(editingRoles.id, values.roles)
      .then((member) => {
        setEditingRoles(null);
        setDone(t('done', { name: member.displayName }));
        load();
      })
      .catch((error: unknown) => showErrors(rolesForm, error, ['roles']))
      .finally(() => setBusy(false));
  };

  const runConfirmed = () => {
    if (!confirming) return;
    const { kind, member } = confirming;
    setBusy(true);
    setActionError(null);
    const run =
      kind === 'reset'
        ? newSetupLink(member.id).then(({ member: m, setupLink }) => setIssued({ member: m, ...setupLink }))
        : staffAction(member.id, kind).then((m) => setDone(t('done', { name: m.displayName })));
    run
      .then(() => {
        setConfirming(null);
        load();
      })
      .catch((error: unknown) => setActionError(failure(error)))
      .finally(() => setBusy(false));
  };

  // "at least one role" as a validator, not `required`: antd would put aria-required on the
  // checkboxes' group, which ARIA does not allow there (axe: aria-allowed-attr, critical)
  const rolesRule = {
    validator: async (_: unknown, value: StaffRole[] | undefined) => {
      if (!value?.length) throw new Error(t('roles_required'));
    },
  };
  const roleOptions = (forSelf: boolean) =>
    STAFF_ROLES.map((role) => ({
      value: role,
      label: t(`common:role_${role}`),
      // separation of duties: the API refuses it too (STAFF_SELF_CHANGE_REFUSED)
      disabled: forSelf && checkIsDecidingRole(role) && !editingRoles?.roles.includes(role),
    }));
  const ask = (kind: Confirming['kind'], member: StaffMemberView) => {
    setActionError(null);
    setConfirming({ kind, member });
  };

  return (
    <>
      <PageTitle>{t('common:page_staff')}</PageTitle>
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          onClick={() => {
            setActionError(null);
            setCreating(true);
          }}
        >
          {t('add')}
        </Button>
      </Space>
      {done && (
        <Alert
          type="success"
          showIcon
          role="status"
          title={done}
          closable
          onClose={() => setDone(null)}
          style={{ marginBottom: 16 }}
        />
      )}
      {list.kind === 'failed' && <Alert type="error" showIcon role="alert" title={list.message} />}
      {list.kind !== 'failed' && (
        <Table<StaffMemberView>
          rowKey="id"
          loading={list.kind === 'loading'}
          dataSource={list.kind === 'ready' ? list.members : []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: true }}
          locale={{ emptyText: t('empty') }}
          columns={[
            {
              key: 'name',
              title: t('col_name'),
              render: (_, m) => (
                <>
                  <div>{m.displayName}</div>
                  <Typography.Text type="secondary">{m.username}</Typography.Text>
                </>
              ),
            },
            {
              key: 'roles',
              title: t('col_roles'),
              render: (_, m) => m.roles.map((r) => <Tag key={r}>{t(`common:role_${r}`)}</Tag>),
            },
            { key: 'language', title: t('col_language'), render: (_, m) => t(languageKey(m.language)) },
            {
              key: 'state',
              title: t('col_state'),
              render: (_, m) => (
                <>
                  <Tag color={STATE_COLORS[m.state]}>{t(`state_${m.state}`)}</Tag>
                  {m.state === 'awaiting_setup' && (
                    <div>
                      <Typography.Text type="secondary">
                        {m.setupLinkExpiresAt
                          ? t('link_until', { time: formatHkTime(m.setupLinkExpiresAt) })
                          : t('link_expired')}
                      </Typography.Text>
                    </div>
                  )}
                </>
              ),
            },
            {
              key: 'last',
              title: t('col_last_sign_in'),
              render: (_, m) => (m.lastSignInAt ? formatHkTime(m.lastSignInAt) : t('never')),
            },
            {
              key: 'actions',
              title: t('col_actions'),
              render: (_, m) => (
                <Space wrap>
                  <Button
                    size="small"
                    aria-label={t('change_roles_of', { name: m.displayName })}
                    onClick={() => {
                      setActionError(null);
                      rolesForm.setFieldsValue({ roles: m.roles });
                      setEditingRoles(m);
                    }}
                  >
                    {t('change_roles')}
                  </Button>
                  {m.state === 'locked' && (
                    <Button
                      size="small"
                      aria-label={t('unlock_of', { name: m.displayName })}
                      onClick={() => ask('unlock', m)}
                    >
                      {t('unlock')}
                    </Button>
                  )}
                  {m.state === 'disabled' ? (
                    <Button
                      size="small"
                      aria-label={t('enable_of', { name: m.displayName })}
                      onClick={() => ask('enable', m)}
                    >
                      {t('enable')}
                    </Button>
                  ) : (
                    // one's own reset would end this session before the link could be copied
                    <>
                      {m.id !== me.id && (
                        <Button
                          size="small"
                          aria-label={
                            m.state === 'awaiting_setup'
                              ? t('new_link_of', { name: m.displayName })
                              : t('reset_of', { name: m.displayName })
                          }
                          onClick={() => ask('reset', m)}
                        >
                          {m.state === 'awaiting_setup' ? t('new_link') : t('reset')}
                        </Button>
                      )}
                      {m.id !== me.id && (
                        <Button
                          size="small"
                          danger
                          aria-label={t('disable_of', { name: m.displayName })}
                          onClick={() => ask('disable', m)}
                        >
                          {t('disable')}
                        </Button>
                      )}
                    </>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}

      <Modal
        open={creating}
        title={t('add')}
        okText={t('create')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={() => createForm.submit()}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form<StaffCreateRequest>
          form={createForm}
          layout="vertical"
          onFinish={create}
          initialValues={{ roles: [], language: 'zh-HK', linkValidHours: STAFF_SETUP_LINK_DEFAULT_HOURS }}
        >
          <Form.Item
            name="username"
            label={t('field_username')}
            extra={t('field_username_help')}
            rules={[{ required: true, whitespace: true, message: t('required') }]}
          >
            <Input autoComplete="off" maxLength={64} />
          </Form.Item>
          <Form.Item
            name="displayName"
            label={t('field_display_name')}
            rules={[{ required: true, whitespace: true, message: t('required') }]}
          >
            <Input autoComplete="off" maxLength={80} />
          </Form.Item>
          <Form.Item name="roles" label={t('field_roles')} rules={[rolesRule]}>
            <Checkbox.Group role="group" aria-label={t('field_roles')} options={roleOptions(false)} />
          </Form.Item>
          <Form.Item name="language" label={t('field_language')}>
            <Select options={STAFF_LANGUAGES.map((l) => ({ value: l, label: t(languageKey(l)) }))} />
          </Form.Item>
          <Form.Item name="linkValidHours" label={t('field_link_hours')}>
            <Select options={STAFF_SETUP_LINK_HOURS.map((h) => ({ value: h, label: t(`hours_${h}`) }))} />
          </Form.Item>
        </Form>
        {actionError && <Alert type="error" showIcon role="alert" title={actionError} />}
      </Modal>

      <Modal
        open={editingRoles !== null}
        title={editingRoles ? t('change_roles_of', { name: editingRoles.displayName }) : ''}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={() => rolesForm.submit()}
        onCancel={() => setEditingRoles(null)}
      >
        <Form<{ roles: StaffRole[] }> form={rolesForm} layout="vertical" onFinish={saveRoles}>
          <Form.Item
            name="roles"
            label={editingRoles ? t('roles_of', { name: editingRoles.displayName }) : t('field_roles')}
            extra={editingRoles?.id === me.id ? t('deciding_note') : undefined}
            rules={[rolesRule]}
          >
            <Checkbox.Group
              role="group"
              aria-label={editingRoles ? t('roles_of', { name: editingRoles.displayName }) : t('field_roles')}
              options={roleOptions(editingRoles?.id === me.id)}
            />
          </Form.Item>
        </Form>
        {actionError && <Alert type="error" showIcon role="alert" title={actionError} />}
      </Modal>

      <Modal
        open={confirming !== null}
        title={
          confirming
            ? t(
                confirming.kind === 'reset'
                  ? confirming.member.state === 'awaiting_setup'
                    ? 'new_link_of'
                    : 'reset_of'
                  : `${confirming.kind}_of`,
                { name: confirming.member.displayName },
              )
            : ''
        }
        okText={t('confirm')}
        okButtonProps={{ danger: confirming?.kind === 'disable' || confirming?.kind === 'reset' }}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={runConfirmed}
        onCancel={() => setConfirming(null)}
      >
        {confirming && confirming.kind !== 'enable' && (
          <Typography.Paragraph>
            {t(`confirm_${confirming.kind}`, { name: confirming.member.displayName })}
          </Typography.Paragraph>
        )}
        {actionError && <Alert type="error" showIcon role="alert" title={actionError} />}
      </Modal>

      <Modal
        open={issued !== null}
        title={issued ? t('link_title', { name: issued.member.displayName }) : ''}
        onCancel={() => setIssued(null)}
        footer={<Button onClick={() => setIssued(null)}>{t('close')}</Button>}
      >
        {issued && (
          <>
            <Typography.Paragraph>
              {t('link_intro', {
                name: issued.member.displayName,
                username: issued.member.username,
                time: formatHkTime(issued.expiresAt),
              })}
            </Typography.Paragraph>
            <Typography.Text strong>{t('link_label')}</Typography.Text>
            <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }}>
              {setupLinkOf(issued.token)}
            </Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}
