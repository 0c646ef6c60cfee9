import { FxRateSchema } from '@hk/domain/deposit/deposit-rule';
import type { FxRateList } from '@hk/domain/deposit/operations-contracts';
import { Alert, Button, Input, Table, Typography } from 'antd';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { PageTitle } from '../../../components/page-title';
import { StaffApiError } from '../../../lib/api';
import { fetchFxRates, saveFxRate } from '../api/deposits-api';
import { formatDay, formatHkTime } from '../format';

type Field = 'validFrom' | 'hkdPerUnit';

/**
 * /deposits/fx-rates (deposit.match, issue #15): the USD rate (HKD per USD) of a day, which a USD
 * identity deposit booked that day or later (until the next rate) is converted with; a correction
 * replaces the day's rate and is kept on record.
 */
export function FxRatesPage() {
  const { t } = useTranslation(['deposits', 'common']);
  const dayId = useId();
  const rateId = useId();
  const [rates, setRates] = useState<FxRateList['rates'] | null>(null);
  const [validFrom, setValidFrom] = useState('');
  const [rate, setRate] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const failure = useCallback(
    (error: unknown) => (error instanceof StaffApiError ? error.message : t('common:network_error')),
    [t],
  );

  useEffect(() => {
    fetchFxRates()
      .then((list) => setRates(list.rates))
      .catch((error: unknown) => setProblem(failure(error)));
  }, [failure]);

  const submit = async () => {
    setSaved(false);
    const parsed = z.safeParse(FxRateSchema, { currency: 'USD', validFrom, hkdPerUnit: rate.trim() });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= t(field === 'validFrom' ? 'fx_rate_date_invalid' : 'fx_rate_invalid');
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setProblem(null);
    setIsBusy(true);
    try {
      setRates((await saveFxRate(parsed.data.validFrom, parsed.data.hkdPerUnit)).rates);
      setSaved(true);
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setIsBusy(false);
    }
  };

  const fieldError = (field: Field, id: string) =>
    errors[field] ? (
      <div id={`${id}-error`} role="alert" className="field-error">
        {errors[field]}
      </div>
    ) : null;

  return (
    <>
      <PageTitle>{t('common:page_fx_rates')}</PageTitle>
      <Typography.Paragraph>{t('fx_intro')}</Typography.Paragraph>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="form-field">
          <label htmlFor={dayId}>{t('fx_day_label')}</label>
          <Input
            id={dayId}
            type="date"
            value={validFrom}
            onChange={(e) => setValidFrom(e.target.value)}
            style={{ maxWidth: 220 }}
            aria-invalid={errors.validFrom ? true : undefined}
            aria-describedby={errors.validFrom ? `${dayId}-error` : undefined}
          />
          {fieldError('validFrom', dayId)}
        </div>
        <div className="form-field">
          <label htmlFor={rateId}>{t('fx_rate_label')}</label>
          <span className="field-hint">{t('fx_rate_hint')}</span>
          <Input
            id={rateId}
            inputMode="decimal"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            style={{ maxWidth: 220 }}
            aria-invalid={errors.hkdPerUnit ? true : undefined}
            aria-describedby={errors.hkdPerUnit ? `${rateId}-error` : undefined}
          />
          {fieldError('hkdPerUnit', rateId)}
        </div>
        <Button type="primary" htmlType="submit" loading={isBusy}>
          {t('fx_save')}
        </Button>
      </form>
      {saved && <Alert type="success" showIcon title={t('fx_saved')} style={{ marginTop: 16 }} />}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 16 }} />}
      <Table<FxRateList['rates'][number]>
        style={{ marginTop: 24 }}
        rowKey={(r) => `${r.currency}-${r.validFrom}`}
        loading={rates === null && !problem}
        dataSource={rates ?? []}
        pagination={{ pageSize: 30, hideOnSinglePage: true }}
        locale={{ emptyText: t('fx_none') }}
        columns={[
          { key: 'day', title: t('col_fx_day'), render: (_, r) => formatDay(r.validFrom) },
          {
            key: 'rate',
            title: t('col_fx_rate'),
            render: (_, r) => t('fx_rate_text', { rate: r.hkdPerUnit }),
          },
          { key: 'by', title: t('col_entered_by'), render: (_, r) => r.enteredBy },
          { key: 'at', title: t('col_updated_at'), render: (_, r) => formatHkTime(r.updatedAt) },
        ]}
      />
    </>
  );
}
