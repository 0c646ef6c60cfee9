import type { StepId } from '@hk/domain';
import { bankNameIn, hongKongBankOf, mainlandBankOf } from '@hk/domain/flow/bank-data';
import { mainlandAreaNames } from '@hk/domain/flow/mainland-areas';
import type { i18n as I18n, TFunction } from 'i18next';

/** The namespace of each step's screen: its field labels and choice names are reused here. */
export const STEP_NAMESPACES: Partial<Record<StepId, string>> = {
  identity: 'id',
  address: 'address',
  account_type: 'account_type',
  personal: 'personal',
  employment: 'employment',
  financial: 'financial',
  tax: 'tax',
  declarations: 'declarations',
  investment: 'investment',
  bank: 'bank',
};

/** Steps shown by their state only (a recording heard, photos taken, a signature): no answers listed. */
export const STATE_ONLY_STEPS: readonly StepId[] = ['risk_disclosure', 'identity_media', 'signature'];

/** Answers that are the server's bookkeeping, not something the person typed. */
const HIDDEN = /(_hash|_at|_ms|_version|_id)$|^(strokes|sections|language|max_speed|bank_type|tin_from_id)$/;

export interface AnswerLine {
  key: string;
  label: string;
  value: string;
}

function first(i18n: I18n, t: TFunction, candidates: readonly string[]): string | null {
  for (const c of candidates) if (i18n.exists(c)) return t(c);
  return null;
}

function humanize(key: string): string {
  const s = key.replaceAll('_', ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function labelOf(i18n: I18n, t: TFunction, ns: string | undefined, key: string): string {
  return (
    first(i18n, t, [
      `review:field_${key}`,
      ...(ns ? [`${ns}:${key}`, `${ns}:${key}_label`, `${ns}:product_${key}`] : []),
    ]) ?? humanize(key)
  );
}

function valueText(i18n: I18n, t: TFunction, ns: string | undefined, key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return t(v ? 'flow:yes' : 'flow:no');
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v))
    return v.map((item) => valueText(i18n, t, ns, key, item)).join(t('review:list_separator'));
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .filter(([k]) => !HIDDEN.test(k))
      .map(([k, inner]) => {
        const field = k.replace(/_masked$/, '');
        return `${labelOf(i18n, t, ns, field)}: ${valueText(i18n, t, ns, field, inner)}`;
      })
      .join(t('review:list_separator'));
  const s = String(v);
  const singular = key.replace(/(ies|s)$/, (m) => (m === 'ies' ? 'y' : ''));
  return (
    first(i18n, t, [
      ...(ns
        ? [
            `${ns}:${key}_${s}`,
            `${ns}:${key}_${s.toLowerCase()}`,
            `${ns}:${singular}_${s}`,
            `${ns}:years_${s}`,
            `${ns}:${key.replace(/_type$/, '')}_${s}`,
            `${ns}:${key.replace(/^[a-z]+_/, '')}_${s.toLowerCase()}`,
          ]
        : []),
      `review:value_${s.toLowerCase()}`,
    ]) ?? s
  );
}

/**
 * A step's answers as label/value lines in the person's language: labels and choice names from
 * the step's own screen where it has them (or the review's), sealed values as the server masked
 * them (never anything else), bookkeeping answers left out.
 */
export function answerLines(
  i18n: I18n,
  t: TFunction,
  step: StepId,
  answers: Readonly<Record<string, unknown>>,
  sealed: Readonly<Record<string, string | null>>,
): AnswerLine[] {
  const ns = STEP_NAMESPACES[step];
  const lines: AnswerLine[] = [];
  // a mainland area is three codes: shown as one line of names (广东省 深圳市 南山区)
  const areas = new Set<string>();
  for (const prefix of ['', 'corr_']) {
    const code = (k: string) => {
      const v = answers[`${prefix}${k}`];
      return typeof v === 'string' ? v : undefined;
    };
    if (!code('province_code')) continue;
    for (const k of ['province_code', 'city_code', 'county_code']) areas.add(`${prefix}${k}`);
    const names = mainlandAreaNames({
      province_code: code('province_code'),
      city_code: code('city_code'),
      county_code: code('county_code'),
    });
    lines.push({
      key: `${prefix}area`,
      label: labelOf(i18n, t, ns, `${prefix}area`),
      value: names.join(' ') || '—',
    });
  }
  for (const [key, v] of Object.entries(answers)) {
    if (HIDDEN.test(key) || areas.has(key)) continue;
    // a masked copy kept in the answers (`tin_masked`): shown once, under the field's own name
    const field = key.replace(/_masked$/, '');
    if (field !== key && field in sealed) continue;
    // the bank step's `number_masked` is the mask of its sealed card_number or account_number
    if (key === 'number_masked' && ('card_number' in sealed || 'account_number' in sealed)) continue;
    // a bank by its name (and a Hong Kong bank's code), as the bank screen lists it
    const bank =
      step === 'bank' && key === 'bank_code' && typeof v === 'string'
        ? (hongKongBankOf(v) ?? mainlandBankOf(v))
        : undefined;
    const value = bank
      ? `${hongKongBankOf(v as string) ? `${v} ` : ''}${bankNameIn(bank, i18n.language)}`
      : valueText(i18n, t, ns, field, v);
    lines.push({ key, label: labelOf(i18n, t, ns, field), value });
  }
  // the bank step seals a Hong Kong account's number under card_number too: its label is the account's
  const hongKongAccount = step === 'bank' && answers.bank_type === 2;
  for (const [key, masked] of Object.entries(sealed)) {
    const labelKey = hongKongAccount && key === 'card_number' ? 'account_number' : key;
    lines.push({ key, label: labelOf(i18n, t, ns, labelKey), value: masked ?? '—' });
  }
  return lines;
}
