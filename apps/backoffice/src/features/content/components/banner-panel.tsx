import type { BannerCreate, BannerView } from '@hk/domain/content/contracts';
import {
  BANNER_ALLOWED_DATA,
  BANNER_LANGUAGES,
  BANNER_REQUIRED_DATA,
  BANNER_TYPES,
  type BannerDataKey,
  type BannerType,
} from '@hk/domain/content/rules';
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
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TAG_CHANGED, TAG_OK } from '../../../components/tag-colors';
import { StaffApiError } from '../../../lib/api';
import { deleteBanner, fetchBanners, saveBanner } from '../api/content-api';
import { useFieldErrors } from './form-errors';
import { formatHk, fromHkInputValue, toHkInputValue } from './hk-time';

/** i18n key of a banner type's name ("openWebView" → type_open_web_view). */
export const typeKey = (type: BannerType) => `type_${type.replace(/([A-Z])/g, '_$1').toLowerCase()}`;
const languageKey = (lang: string) => `language_${lang.replace('-', '_').toLowerCase()}`;
const dataKey = (key: BannerDataKey) => `data_${key.replace(/([A-Z])/g, '_$1').toLowerCase()}`;

/** The banner list and its form (content.edit): the data each type needs, the image with a preview. */
export function BannerPanel() {
  const { t } = useTranslation(['content', 'common']);
  const [banners, setBanners] = useState<BannerView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ banner: BannerView | null } | null>(null);

  const load = useCallback(() => {
    setError(null);
    fetchBanners()
      .then(setBanners)
      .catch((e: unknown) => setError(e instanceof StaffApiError ? e.message : t('common:network_error')));
  }, [t]);
  useEffect(load, [load]);

  const schedule = (b: BannerView) =>
    b.startsAt && b.endsAt
      ? t('date_range', { from: formatHk(b.startsAt), to: formatHk(b.endsAt) })
      : b.startsAt
        ? t('schedule_from', { from: formatHk(b.startsAt) })
        : b.endsAt
          ? t('schedule_until', { to: formatHk(b.endsAt) })
          : t('schedule_always');

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing({ banner: null })}>
          {t('add_banner')}
        </Button>
      </Space>
      {error ? (
        <Alert type="error" showIcon title={error} action={<Button onClick={load}>{t('reload')}</Button>} />
      ) : null}
      <Table<BannerView>
        rowKey="id"
        loading={banners === null && !error}
        dataSource={banners ?? []}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        columns={[
          {
            title: t('col_image'),
            render: (_, b) => <img src={b.image.url} alt={b.title} style={{ width: 120, height: 'auto' }} />,
          },
          { title: t('col_title'), dataIndex: 'title' },
          { title: t('col_type'), render: (_, b) => t(typeKey(b.type)) },
          { title: t('col_language'), render: (_, b) => t(languageKey(b.language)) },
          { title: t('col_schedule'), render: (_, b) => schedule(b) },
          { title: t('col_order'), dataIndex: 'sort' },
          {
            title: t('col_state'),
            render: (_, b) => (
              <Space size={4} wrap>
                <Tag color={b.published ? TAG_OK : undefined}>
                  {t(b.published ? 'state_published' : 'state_draft')}
                </Tag>
                {b.live ? <Tag color={TAG_CHANGED}>{t('state_live')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('col_actions'),
            render: (_, b) => (
              <Space>
                <Button size="small" onClick={() => setEditing({ banner: b })}>
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('delete_confirm', { name: b.title })}
                  okText={t('delete')}
                  cancelText={t('cancel')}
                  onConfirm={() =>
                    deleteBanner(b)
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
        <BannerForm
          banner={editing.banner}
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

interface BannerFormValues {
  title: string;
  type: BannerType;
  data: Partial<Record<BannerDataKey, string>>;
  language: BannerCreate['language'];
  sort: number;
  startsAt: string;
  endsAt: string;
  published: boolean;
}

const BANNER_FORM_NAMES = ['title', 'type', 'language', 'sort', 'startsAt', 'endsAt', 'published', 'file'];

export function BannerForm({
  banner,
  onClose,
  onSaved,
}: {
  banner: BannerView | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['content', 'common']);
  const [form] = Form.useForm<BannerFormValues>();
  const type = (Form.useWatch('type', form) ?? banner?.type ?? 'openWebView') as BannerType;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(banner?.image.url ?? null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fileId = useId();
  const dataNames = BANNER_ALLOWED_DATA[type].map((k) => `data.${k}`);
  const { formError, showError } = useFieldErrors(form, BANNER_FORM_NAMES);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const submit = async (v: BannerFormValues) => {
    setSaving(true);
    setFileError(null);
    try {
      const allowed: readonly string[] = BANNER_ALLOWED_DATA[v.type];
      const data = Object.fromEntries(
        Object.entries(v.data ?? {}).filter(
          ([k, value]) => allowed.includes(k) && typeof value === 'string' && value !== '',
        ),
      );
      await saveBanner(
        {
          title: v.title ?? '',
          type: v.type,
          data,
          language: v.language,
          sort: v.sort ?? 0,
          startsAt: fromHkInputValue(v.startsAt ?? ''),
          endsAt: fromHkInputValue(v.endsAt ?? ''),
          published: v.published ?? false,
        },
        file,
        banner ?? undefined,
      );
      onSaved();
    } catch (e) {
      // data.<key> and file are not antd names: put them where they are shown
      if (e instanceof StaffApiError) {
        const fields = e.fields;
        const dataErrors = Object.entries(fields)
          .filter(([k]) => dataNames.includes(k))
          .map(([k, message]) => ({ name: ['data', k.slice(5)], errors: [message] }));
        // biome-ignore lint/suspicious/noExplicitAny: antd's name paths
        form.setFields(dataErrors as any);
        if (fields.file) setFileError(fields.file);
      }
      showError(
        e instanceof StaffApiError
          ? new StaffApiError(
              e.httpStatus,
              e.status,
              e.message,
              Object.fromEntries(
                Object.entries(e.fields).filter(([k]) => !dataNames.includes(k) && k !== 'file'),
              ),
            )
          : e,
      );
    } finally {
      setSaving(false);
    }
  };

  const required: readonly string[] = BANNER_REQUIRED_DATA[type];
  return (
    <Modal
      open
      title={t(banner ? 'edit_banner' : 'add_banner')}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} /> : null}
      <Form<BannerFormValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={
          banner
            ? {
                title: banner.title,
                type: banner.type,
                data: banner.data,
                language: banner.language,
                sort: banner.sort,
                startsAt: toHkInputValue(banner.startsAt),
                endsAt: toHkInputValue(banner.endsAt),
                published: banner.published,
              }
            : {
                type: 'openWebView',
                data: {},
                language: 'all',
                sort: 0,
                startsAt: '',
                endsAt: '',
                published: false,
              }
        }
      >
        <Form.Item name="title" label={t('field_title')}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="type" label={t('field_type')}>
          <Select options={BANNER_TYPES.map((bt) => ({ value: bt, label: t(typeKey(bt)) }))} />
        </Form.Item>
        {BANNER_ALLOWED_DATA[type].map((key) => (
          <Form.Item key={key} name={['data', key]} label={t(dataKey(key))} required={required.includes(key)}>
            <Input maxLength={500} />
          </Form.Item>
        ))}
        <Form.Item name="language" label={t('field_language')}>
          <Select options={BANNER_LANGUAGES.map((l) => ({ value: l, label: t(languageKey(l)) }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="startsAt" label={t('field_starts_at')}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="endsAt" label={t('field_ends_at')}>
            <Input type="datetime-local" />
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
        <div className="form-field">
          <label htmlFor={fileId} className="field-label">
            {t('field_image')}
          </label>
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fileId}-error` : undefined}
            onChange={(e) => {
              setFileError(null);
              setFile(e.target.files?.[0] ?? null);
            }}
          />
          {fileError ? (
            <div id={`${fileId}-error`} role="alert" className="ant-form-item-explain-error">
              {fileError}
            </div>
          ) : null}
          {preview ? (
            <img
              src={preview}
              alt={t('image_preview')}
              style={{ display: 'block', maxWidth: '100%', marginTop: 8 }}
            />
          ) : null}
        </div>
      </Form>
    </Modal>
  );
}
