import type { ServiceView } from '@hk/domain/content/contracts';
import { Alert, Button, Checkbox, Form, Input, Space, Switch } from 'antd';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffApiError } from '../../../lib/api';
import { fetchService, saveService } from '../api/content-api';
import { useFieldErrors } from './form-errors';

interface ServiceFormValues {
  phoneHk: string;
  phoneCn: string;
  hoursZhCN: string;
  hoursZhHK: string;
  hoursEn: string;
  showQr: boolean;
  chatAccount: string;
  removeQr: boolean;
}

const SERVICE_FORM_NAMES = [
  'phoneHk',
  'phoneCn',
  'hoursZhCN',
  'hoursZhHK',
  'hoursEn',
  'showQr',
  'chatAccount',
  'removeQr',
];
const FIELD_OF = {
  'hours.zh-CN': 'hoursZhCN',
  'hours.zh-HK': 'hoursZhHK',
  'hours.en': 'hoursEn',
  hours: 'hoursZhCN',
};

/** Customer service (content.edit): phone lines, hours in three languages, the QR block. */
export function ServicePanel() {
  const { t } = useTranslation(['content', 'common']);
  const [service, setService] = useState<ServiceView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [form] = Form.useForm<ServiceFormValues>();
  const { formError, showError, clearError } = useFieldErrors(form, SERVICE_FORM_NAMES, FIELD_OF);
  const fileId = useId();

  const load = useCallback(() => {
    setLoadError(null);
    clearError();
    fetchService()
      .then((s) => {
        setService(s);
        setPreview(s.qrImageUrl);
        setFile(null);
        form.setFieldsValue({
          phoneHk: s.phoneHk,
          phoneCn: s.phoneCn,
          hoursZhCN: s.hours['zh-CN'],
          hoursZhHK: s.hours['zh-HK'],
          hoursEn: s.hours.en,
          showQr: s.showQr,
          chatAccount: s.chatAccount ?? '',
          removeQr: false,
        });
      })
      .catch((e: unknown) =>
        setLoadError(e instanceof StaffApiError ? e.message : t('common:network_error')),
      );
  }, [form, t, clearError]);
  useEffect(load, [load]);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const submit = async (v: ServiceFormValues) => {
    if (!service) return;
    setSaving(true);
    setSaved(false);
    clearError();
    try {
      const next = await saveService(
        {
          phoneHk: v.phoneHk ?? '',
          phoneCn: v.phoneCn ?? '',
          hours: { 'zh-CN': v.hoursZhCN ?? '', 'zh-HK': v.hoursZhHK ?? '', en: v.hoursEn ?? '' },
          showQr: v.showQr ?? false,
          chatAccount: v.chatAccount?.trim() ? v.chatAccount.trim() : null,
          ...(v.removeQr && !file ? { removeQr: true } : {}),
          version: service.version,
        },
        file,
      );
      setService(next);
      setFile(null);
      setPreview(next.qrImageUrl);
      form.setFieldValue('removeQr', false);
      setSaved(true);
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  if (loadError)
    return (
      <Alert type="error" showIcon title={loadError} action={<Button onClick={load}>{t('reload')}</Button>} />
    );

  return (
    <Form<ServiceFormValues>
      form={form}
      layout="vertical"
      onFinish={(v) => void submit(v)}
      style={{ maxWidth: 560 }}
    >
      {formError ? (
        <Alert
          type="error"
          showIcon
          title={formError}
          style={{ marginBottom: 12 }}
          action={<Button onClick={load}>{t('reload')}</Button>}
        />
      ) : null}
      {saved ? <Alert type="success" showIcon title={t('saved')} style={{ marginBottom: 12 }} /> : null}
      <Form.Item name="phoneHk" label={t('field_phone_hk')}>
        <Input inputMode="tel" />
      </Form.Item>
      <Form.Item name="phoneCn" label={t('field_phone_cn')}>
        <Input inputMode="tel" />
      </Form.Item>
      <Form.Item name="hoursZhCN" label={t('field_hours_zh_cn')}>
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="hoursZhHK" label={t('field_hours_zh_hk')}>
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="hoursEn" label={t('field_hours_en')}>
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="showQr" label={t('field_show_qr')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="chatAccount" label={t('field_chat_account')}>
        <Input maxLength={40} />
      </Form.Item>
      <div className="form-field" style={{ marginBottom: 16 }}>
        <label htmlFor={fileId} className="field-label">
          {t('field_qr_image')}
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        {preview ? (
          <img
            src={preview}
            alt={t('field_qr_image')}
            style={{ display: 'block', width: 160, marginTop: 8 }}
          />
        ) : (
          <p>{t('no_qr')}</p>
        )}
      </div>
      {service?.qrImageUrl ? (
        <Form.Item name="removeQr" valuePropName="checked">
          <Checkbox>{t('remove_qr')}</Checkbox>
        </Form.Item>
      ) : null}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('save')}
        </Button>
      </Space>
    </Form>
  );
}
