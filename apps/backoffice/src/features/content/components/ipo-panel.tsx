import type { IpoCreate, IpoView } from '@hk/domain/content/contracts';
import { IPO_CURRENCIES, IPO_POPULARITY_MAX } from '@hk/domain/content/rules';
import {
  Alert,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TAG_CHANGED, TAG_OK } from '../../../components/tag-colors';
import { StaffApiError } from '../../../lib/api';
import { deleteIpo, fetchIpos, saveIpo } from '../api/content-api';
import { currentName, useFieldErrors } from './form-errors';

type Editing = { ipo: IpoView | null } | null;

/** The IPO list and its form (content.edit): names in three languages, money as typed, Hong Kong dates. */
export function IpoPanel() {
  const { t, i18n } = useTranslation(['content', 'common']);
  const [ipos, setIpos] = useState<IpoView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);

  const load = useCallback(() => {
    setError(null);
    fetchIpos()
      .then(setIpos)
      .catch((e: unknown) => setError(e instanceof StaffApiError ? e.message : t('common:network_error')));
  }, [t]);
  useEffect(load, [load]);

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing({ ipo: null })}>
          {t('add_ipo')}
        </Button>
      </Space>
      {error ? (
        <Alert type="error" showIcon title={error} action={<Button onClick={load}>{t('reload')}</Button>} />
      ) : null}
      <Table<IpoView>
        rowKey="id"
        loading={ipos === null && !error}
        dataSource={ipos ?? []}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('col_code'), dataIndex: 'productCode' },
          { title: t('col_name'), render: (_, ipo) => currentName(ipo.name, i18n.language) },
          {
            title: t('col_dates'),
            render: (_, ipo) => t('date_range', { from: ipo.subscribeFrom, to: ipo.subscribeTo }),
          },
          { title: t('col_min_sub'), dataIndex: 'minSubAmountText' },
          {
            title: t('col_leverage'),
            render: (_, ipo) =>
              ipo.leverage === '0' ? t('leverage_none') : t('leverage_times', { times: ipo.leverage }),
          },
          { title: t('col_popularity'), dataIndex: 'popularity' },
          {
            title: t('col_state'),
            render: (_, ipo) => (
              <Space size={4} wrap>
                <Tag color={ipo.published ? TAG_OK : undefined}>
                  {t(ipo.published ? 'state_published' : 'state_draft')}
                </Tag>
                {ipo.openToday ? <Tag color={TAG_CHANGED}>{t('state_open_today')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('col_actions'),
            render: (_, ipo) => (
              <Space>
                <Button size="small" onClick={() => setEditing({ ipo })}>
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('delete_confirm', { name: currentName(ipo.name, i18n.language) })}
                  okText={t('delete')}
                  cancelText={t('cancel')}
                  onConfirm={() =>
                    deleteIpo(ipo)
                      .then(load)
                      .catch((e: unknown) =>
                        setError(e instanceof StaffApiError ? e.message : t('common:network_error')),
                      )
                  }
                >
                  <Button size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <IpoForm
          ipo={editing.ipo}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      ) : null}
    </>
  );
}

interface IpoFormValues {
  productCode: string;
  nameZhCN: string;
  nameZhHK: string;
  nameEn: string;
  popularity: number;
  leverage: string;
  minSubAmount: string;
  currency: IpoCreate['currency'];
  subscribeFrom: string;
  subscribeTo: string;
  published: boolean;
  sort: number;
}

const IPO_FORM_NAMES = [
  'productCode',
  'nameZhCN',
  'nameZhHK',
  'nameEn',
  'popularity',
  'leverage',
  'minSubAmount',
  'currency',
  'subscribeFrom',
  'subscribeTo',
  'published',
  'sort',
] as const satisfies readonly (keyof IpoFormValues)[];

const FIELD_OF: Record<string, keyof IpoFormValues> = {
  'name.zh-CN': 'nameZhCN',
  'name.zh-HK': 'nameZhHK',
  'name.en': 'nameEn',
  name: 'nameZhCN',
};

function IpoForm({
  ipo,
  onClose,
  onSaved,
}: {
  ipo: IpoView | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['content', 'common']);
  const [form] = Form.useForm<IpoFormValues>();
  const [saving, setSaving] = useState(false);
  const { formError, showError } = useFieldErrors(form, IPO_FORM_NAMES, FIELD_OF);

  const submit = async (v: IpoFormValues) => {
    setSaving(true);
    try {
      await saveIpo(
        {
          productCode: v.productCode ?? '',
          name: { 'zh-CN': v.nameZhCN ?? '', 'zh-HK': v.nameZhHK ?? '', en: v.nameEn ?? '' },
          popularity: v.popularity ?? 0,
          leverage: v.leverage ?? '',
          minSubAmount: v.minSubAmount ?? '',
          currency: v.currency,
          subscribeFrom: v.subscribeFrom ?? '',
          subscribeTo: v.subscribeTo ?? '',
          published: v.published ?? false,
          sort: v.sort ?? 0,
        },
        ipo ?? undefined,
      );
      onSaved();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(ipo ? 'edit_ipo' : 'add_ipo')}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} /> : null}
      <Form<IpoFormValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={
          ipo
            ? {
                productCode: ipo.productCode,
                nameZhCN: ipo.name['zh-CN'],
                nameZhHK: ipo.name['zh-HK'],
                nameEn: ipo.name.en,
                popularity: ipo.popularity,
                leverage: ipo.leverage,
                minSubAmount: ipo.minSubAmount,
                currency: ipo.currency,
                subscribeFrom: ipo.subscribeFrom,
                subscribeTo: ipo.subscribeTo,
                published: ipo.published,
                sort: ipo.sort,
              }
            : { popularity: 0, leverage: '0', currency: 'HKD', published: false, sort: 0 }
        }
      >
        <Form.Item name="productCode" label={t('field_product_code')}>
          <Input maxLength={12} />
        </Form.Item>
        <Form.Item name="nameZhCN" label={t('field_name_zh_cn')}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="nameZhHK" label={t('field_name_zh_hk')}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('field_name_en')}>
          <Input maxLength={80} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="popularity" label={t('field_popularity')}>
            <InputNumber min={0} max={IPO_POPULARITY_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="leverage" label={t('field_leverage')}>
            <Input style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="minSubAmount" label={t('field_min_sub')}>
            <Input inputMode="decimal" placeholder="3,030.25" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="currency" label={t('field_currency')}>
            <Select
              style={{ width: 180 }}
              options={IPO_CURRENCIES.map((c) => ({ value: c, label: t(`currency_${c.toLowerCase()}`) }))}
            />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="subscribeFrom" label={t('field_subscribe_from')}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="subscribeTo" label={t('field_subscribe_to')}>
            <Input type="date" />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="sort" label={t('field_sort')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="published" label={t('field_published')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
