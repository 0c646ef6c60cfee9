// The case view's own words in the staff member's language (issue #14): the events' sentences and
// the outcome of earlier submissions. Answers, reasons and flags come from the catalogues and the
// domain's review texts; step titles and document kinds from the application PDF's table.
import type { Language } from '@hk/domain';
import en from '@hk/domain/locales/en/review.json' with { type: 'json' };
import zhCN from '@hk/domain/locales/zh-CN/review.json' with { type: 'json' };
import zhHK from '@hk/domain/locales/zh-HK/review.json' with { type: 'json' };
import type { CaseStage } from '@hk/domain/review/decisions';
import type { CaseFlag } from '@hk/domain/review/flags';
import { caseFlagKey } from '@hk/domain/review/flags';
import type { DeclineReason, RevisionReason } from '@hk/domain/review/reasons';
import { declineReasonKey, revisionReasonKey } from '@hk/domain/review/reasons';

type Texts = Record<Language, string>;
const t = (zhCn: string, zhHk: string, english: string): Texts => ({
  'zh-CN': zhCn,
  'zh-HK': zhHk,
  en: english,
});

const REVIEW_TEXTS: Record<Language, Record<string, string>> = { 'zh-CN': zhCN, 'zh-HK': zhHK, en };

/** A text of the domain's `review` namespace in `lang` (the key itself when missing: a test forbids it). */
export function reviewText(key: string, lang: Language): string {
  return REVIEW_TEXTS[lang][key] ?? key;
}

export function revisionReasonText(reason: RevisionReason, lang: Language): string {
  return REVIEW_TEXTS[lang][revisionReasonKey(reason)] ?? reason;
}
export function declineReasonText(reason: DeclineReason, lang: Language): string {
  return REVIEW_TEXTS[lang][declineReasonKey(reason)] ?? reason;
}
export function flagText(flag: CaseFlag, lang: Language): string {
  return REVIEW_TEXTS[lang][caseFlagKey(flag)] ?? flag;
}

export const STAGE_TEXTS: Record<CaseStage, Texts> = {
  queued: t('待处理', '待處理', 'Waiting in the queue'),
  in_review: t('审核中', '審核中', 'In review'),
  recommended: t('已建议批准', '已建議批准', 'Recommended for approval'),
  returned: t('已退回申请人修改', '已退回申請人修改', 'Returned to the applicant'),
  approved: t('已批准', '已批准', 'Approved'),
  declined: t('已拒绝', '已拒絕', 'Declined'),
};

const EVENT_TEXTS = {
  assigned: t('分配给 {name}', '分配給 {name}', 'Assigned to {name}'),
  unassigned: t('取消分配', '取消分配', 'Unassigned'),
  resubmitted: t(
    '第 {n} 次提交，交回审核人员 {name}',
    '第 {n} 次提交，交回審核人員 {name}',
    'Submission {n}, back with its reviewer {name}',
  ),
  item_approved: t('{item}：通过', '{item}：通過', '{item}: approved'),
  item_revision: t(
    '{item}：退回修改（{reasons}）',
    '{item}：退回修改（{reasons}）',
    '{item}: returned for revision ({reasons})',
  ),
  returned: t('已退回申请人修改：{items}', '已退回申請人修改：{items}', 'Returned to the applicant: {items}'),
  recommended: t('建议批准', '建議批准', 'Recommended for approval'),
  approved: t('已批准', '已批准', 'Approved'),
  declined: t('已拒绝：{reason}', '已拒絕：{reason}', 'Declined: {reason}'),
} as const satisfies Record<string, Texts>;

export function eventText(
  key: keyof typeof EVENT_TEXTS,
  lang: Language,
  values: Record<string, string> = {},
) {
  return EVENT_TEXTS[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
}

export const LIST_SEPARATOR: Texts = t('、', '、', ', ');
