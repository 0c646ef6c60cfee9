// The words of the operations side of the identity deposit (issue #15) in the three languages:
// a credit's state, why the applicant is asked for a clearer voucher (why a credit was flagged is
// in the errors catalogue, `deposit_flag_<reason>`, as a refused manual match gives it). The
// server renders them into the console's answers and the applicant's screens read the voucher
// reasons from here too (/remitUploadAgain), so one sentence is the same everywhere.
import type { Language } from '../constants';
import type { DepositFlagReason } from './matching';

type Texts = Record<Language, string>;

/** Why operations ask for a clearer voucher (shown to the applicant, spec §2 /remitUploadAgain). */
export const VOUCHER_REQUEST_REASONS = [
  'unreadable',
  'amount_not_shown',
  'payer_not_shown',
  'reference_missing',
  'third_party_payer',
  'amount_short',
] as const;
export type VoucherRequestReason = (typeof VOUCHER_REQUEST_REASONS)[number];

export const VOUCHER_REQUEST_REASON_TEXTS: Record<VoucherRequestReason, Texts> = {
  unreadable: {
    'zh-CN': '汇款凭证不清晰，无法辨认',
    'zh-HK': '匯款憑證不清晰，無法辨認',
    en: 'The remittance voucher cannot be read clearly',
  },
  amount_not_shown: {
    'zh-CN': '汇款凭证上看不到汇款金额',
    'zh-HK': '匯款憑證上看不到匯款金額',
    en: 'The voucher does not show the amount transferred',
  },
  payer_not_shown: {
    'zh-CN': '汇款凭证上看不到汇款人姓名及账户',
    'zh-HK': '匯款憑證上看不到匯款人姓名及賬戶',
    en: 'The voucher does not show the payer’s name and account',
  },
  reference_missing: {
    'zh-CN': '汇款时未填写您的汇款参考编号，我们找不到这笔款项',
    'zh-HK': '匯款時未填寫您的匯款參考編號，我們找不到這筆款項',
    en: 'The transfer did not carry your reference code, so we cannot find it',
  },
  third_party_payer: {
    'zh-CN': '款项并非从您本人的指定银行账户汇出，将退回汇款人，请从指定账户重新汇款',
    'zh-HK': '款項並非從您本人的指定銀行賬戶匯出，將退回匯款人，請從指定賬戶重新匯款',
    en: 'The money did not come from your own designated bank account; it will be returned to the payer. Please transfer again from your designated account',
  },
  amount_short: {
    'zh-CN': '汇款金额不足港币 10,000 元或等值美元，款项将退回，请重新汇足金额',
    'zh-HK': '匯款金額不足港幣 10,000 元或等值美元，款項將退回，請重新匯足金額',
    en: 'The amount is less than HKD 10,000 or its USD equivalent; it will be returned. Please transfer the full amount again',
  },
};

export const CREDIT_STATE_TEXTS: Record<'unmatched' | 'flagged' | 'matched' | 'refund_recorded', Texts> = {
  unmatched: { 'zh-CN': '未配对', 'zh-HK': '未配對', en: 'Unmatched' },
  flagged: { 'zh-CN': '已标记', 'zh-HK': '已標記', en: 'Flagged' },
  matched: { 'zh-CN': '已配对', 'zh-HK': '已配對', en: 'Matched' },
  refund_recorded: { 'zh-CN': '已退款', 'zh-HK': '已退款', en: 'Refunded' },
};

export const MATCH_KIND_TEXTS: Record<'auto' | 'manual', Texts> = {
  auto: { 'zh-CN': '自动配对', 'zh-HK': '自動配對', en: 'Matched automatically' },
  manual: { 'zh-CN': '人工配对', 'zh-HK': '人工配對', en: 'Matched by hand' },
};

export const REMITTANCE_STATE_TEXTS: Record<'open' | 'paid' | 'voucher_requested' | 'matched', Texts> = {
  open: { 'zh-CN': '尚未汇款', 'zh-HK': '尚未匯款', en: 'Not paid yet' },
  paid: { 'zh-CN': '申请人已汇款', 'zh-HK': '申請人已匯款', en: 'Applicant says paid' },
  voucher_requested: {
    'zh-CN': '已要求重新上传凭证',
    'zh-HK': '已要求重新上傳憑證',
    en: 'New voucher requested',
  },
  matched: { 'zh-CN': '已配对', 'zh-HK': '已配對', en: 'Matched' },
};

/** The application statuses operations meet (others read as "other"). */
export const APPLICATION_STATUS_TEXTS: Record<'approved' | 'activated' | 'opened' | 'other', Texts> = {
  approved: { 'zh-CN': '已批核，待入金', 'zh-HK': '已批核，待入金', en: 'Approved, awaiting deposit' },
  activated: { 'zh-CN': '已激活', 'zh-HK': '已啟動', en: 'Activated' },
  opened: { 'zh-CN': '已开户', 'zh-HK': '已開戶', en: 'Opened' },
  other: { 'zh-CN': '其他状态', 'zh-HK': '其他狀態', en: 'Other status' },
};

/** The voucher request reason a flagged credit's refund reasons ask the applicant again with. */
export function voucherReasonOfFlag(reasons: readonly DepositFlagReason[]): VoucherRequestReason | null {
  if (reasons.includes('payer_account_not_designated') || reasons.includes('payer_name_mismatch'))
    return 'third_party_payer';
  if (reasons.includes('amount_short')) return 'amount_short';
  return null;
}
