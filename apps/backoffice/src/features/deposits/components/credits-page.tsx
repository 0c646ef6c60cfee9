import {
  type ApplicationSummary,
  CREDIT_STATES,
  type CreditList,
  type CreditState,
  type CreditView,
} from '@hk/domain/deposit/operations-contracts';
import { CREDIT_STATE_TEXTS } from '@hk/domain/deposit/operations-texts';
import { Alert, Button, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { TAG_ATTENTION } from '../../../components/tag-colors';
import { StaffApiError } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { fetchCredits } from '../api/deposits-api';
import { formatDay, formatHkTime } from '../format';
import { ApplicationSearch } from './application-search';
import { MatchModal, RefundModal, VoucherModal } from './credit-modals';

type Credits =
  | { kind: 'loading' }
  | { kind: 'ready'; list: CreditList }
  | { kind: 'failed'; message: string };
type Dialog =
  | { kind: 'match'; credit: CreditView }
  | { kind: 'refund'; credit: CreditView }
  | { kind: 'voucher'; application: ApplicationSummary }
  | null;

/**
 * /deposits/credits (deposit.match, issue #15): the statements' credits by state — unmatched (no
 * known reference), flagged (a rule broken: third party, short, no rate), matched, refunded — with
 * the manual work: match by hand, record a refund, ask an applicant for a clearer voucher.
 */
export function CreditsPage() {
  const { t } = useTranslation(['deposits', 'common']);
  const lang = currentLanguage();
  const [state, setState] = useState<CreditState>('unmatched');
  const [page, setPage] = useState(1);
  const [credits, setCredits] = useState<Credits>({ kind: 'loading' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    setCredits({ kind: 'loading' });
    fetchCredits(state, page)
      .then((list) => setCredits({ kind: 'ready', list }))
      .catch((error: unknown) =>
        setCredits({
          kind: 'failed',
          message: error instanceof StaffApiError ? error.message : t('common:network_error'),
        }),
      );
  }, [state, page, t]);
  useEffect(load, [load]);

  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
    load();
  };

  return (
    <>
      <PageTitle>{t('common:page_deposit_credits')}</PageTitle>
      <Typography.Paragraph>{t('credits_intro')}</Typography.Paragraph>
      {notice && <Alert type="success" showIcon closable title={notice} onClose={() => setNotice(null)} />}
      <Tabs
        activeKey={state}
        onChange={(key) => {
          setState(key as CreditState);
          setPage(1);
        }}
        items={CREDIT_STATES.map((s) => ({ key: s, label: CREDIT_STATE_TEXTS[s][lang] }))}
      />
      {credits.kind === 'failed' && <Alert type="error" showIcon title={credits.message} />}
      <Table<CreditView>
        rowKey="id"
        loading={credits.kind === 'loading'}
        dataSource={credits.kind === 'ready' ? credits.list.credits : []}
        scroll={{ x: true }}
        locale={{ emptyText: t('credits_none') }}
        pagination={{
          current: page,
          pageSize: 50,
          total: credits.kind === 'ready' ? credits.list.total : 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={[
          { key: 'day', title: t('col_booking_date'), render: (_, c) => formatDay(c.bookingDate) },
          { key: 'amount', title: t('col_amount'), render: (_, c) => c.amountText },
          { key: 'payer', title: t('col_payer'), render: (_, c) => c.payerName ?? '—' },
          { key: 'account', title: t('col_payer_account'), render: (_, c) => c.payerAccountMasked ?? '—' },
          { key: 'reference', title: t('col_reference'), render: (_, c) => c.reference ?? '—' },
          {
            key: 'about',
            title: t('col_about'),
            render: (_, c) => (
              <Space direction="vertical" size={2}>
                {c.application && (
                  <span>
                    {[c.application.applicantName, c.application.depositReference, c.application.statusLabel]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                )}
                {c.reasons.map((r) => (
                  <Tag key={r.code} color={TAG_ATTENTION}>
                    {r.label}
                  </Tag>
                ))}
                {c.matchKindLabel && (
                  <span>
                    {[c.matchKindLabel, c.matchedBy, c.matchedAt ? formatHkTime(c.matchedAt) : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                )}
                {c.refundRecordedAt && (
                  <span>
                    {t('refunded_by', {
                      name: c.refundRecordedBy ?? '—',
                      at: formatHkTime(c.refundRecordedAt),
                      note: c.refundNote ?? '',
                    })}
                  </span>
                )}
                {c.receivingAccount}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: t('col_actions'),
            render: (_, c) => (
              <Space wrap>
                {c.canMatch && (
                  <Button size="small" onClick={() => setDialog({ kind: 'match', credit: c })}>
                    {t('match_by_hand')}
                  </Button>
                )}
                {c.canRecordRefund && (
                  <Button size="small" danger onClick={() => setDialog({ kind: 'refund', credit: c })}>
                    {t('refund_record')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />

      <section aria-labelledby="deposit-voucher-title" style={{ marginTop: 32 }}>
        <Typography.Title level={2} id="deposit-voucher-title" style={{ fontSize: 18 }}>
          {t('voucher_section_title')}
        </Typography.Title>
        <Typography.Paragraph>{t('voucher_section_intro')}</Typography.Paragraph>
        <ApplicationSearch
          actions={(a) =>
            a.remittance?.state === 'matched' ? null : (
              <Button onClick={() => setDialog({ kind: 'voucher', application: a })}>
                {t('voucher_ask')}
              </Button>
            )
          }
        />
      </section>

      {dialog?.kind === 'match' && (
        <MatchModal
          credit={dialog.credit}
          onClose={() => setDialog(null)}
          onDone={() => done(t('matched_done'))}
        />
      )}
      {dialog?.kind === 'refund' && (
        <RefundModal
          credit={dialog.credit}
          onClose={() => setDialog(null)}
          onDone={() => done(t('refund_done'))}
        />
      )}
      {dialog?.kind === 'voucher' && (
        <VoucherModal
          application={dialog.application}
          onClose={() => setDialog(null)}
          onDone={(a) => done(t('voucher_done', { name: a.applicantName }))}
        />
      )}
    </>
  );
}
