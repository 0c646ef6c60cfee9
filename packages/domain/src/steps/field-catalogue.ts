// The field catalogue of a step (issue #13): every answer it keeps, with its label, how its value
// reads, who sees it and its order. The review screen, the application PDF and (next) the staff
// case view render a step from its catalogue through `renderStepAnswers`; none of them names a
// field. Labels are i18n keys of the step screens' namespaces (apps/web/src/locales), so a label
// reads as the screen that asked the question; the server reads the same keys from those files at
// start (apps/api/src/lib/catalogue-texts.ts).
import type { Language } from '../constants';
import { hongKongWallTime } from '../hong-kong-time';

/** Who reads an answer: the applicant's review screen, the application PDF, the back office. */
export type Audience = 'applicant' | 'pdf' | 'staff';

export const EVERYONE: readonly Audience[] = ['applicant', 'pdf', 'staff'];
/** Kept for the record (staff), not shown to the applicant nor printed: signing data, bookkeeping. */
export const STAFF_ONLY: readonly Audience[] = ['staff'];
/** Kept by the server only (pen strokes, a duplicate of a sealed value's mask): nobody reads it as a line. */
export const NOBODY: readonly Audience[] = [];

/**
 * A label: an i18n key (`ns:key`), or one chosen by another answer of the step (the bank number is
 * a card number or an account number), optionally put inside a template key with `{{label}}`
 * (the correspondence address repeats the residential labels).
 */
export type LabelSpec =
  | string
  | { key: string; when?: { field: string; equals: unknown; key: string }; wrap?: string };

/** A value's name computed from domain data (countries, districts, banks) rather than a label key. */
export type NameOf = (value: string, lang: Language) => string | undefined;

/** How a value reads. Every kind turns codes into words; none prints a stored code. */
export type ValueSpec =
  /** Typed text, shown as typed. */
  | { kind: 'text' }
  /** A count (years, months, transactions), optionally inside a template key with `{{n}}`. */
  | { kind: 'count'; template?: string }
  /** Yes or no. */
  | { kind: 'boolean' }
  /** A date (YYYY-MM-DD), shown as it is: a calendar day has no time zone. */
  | { kind: 'date' }
  /** An instant (ISO, UTC), shown in Hong Kong time. */
  | { kind: 'instant' }
  /** A duration in milliseconds, shown as minutes and seconds. */
  | { kind: 'duration' }
  /** Money in minor units, shown with its currency: `HKD 1,250,000.00`. */
  | { kind: 'money'; currency: 'HKD' }
  /** One of `values`, by its label key. */
  | { kind: 'choice'; values: readonly (string | number)[]; key: (value: string) => string }
  /** One of `values`, by a name from domain data (a country, a district, a bank, a band). */
  | { kind: 'named'; values?: readonly string[]; name: NameOf }
  /** A money band by the screen's own words (`financial:band_*` with the band's amounts). */
  | { kind: 'band'; bands: readonly BandSpec[] }
  /**
   * Several of `values`, in `values`' order (the form's), whatever order they were stored in;
   * `none`: the label of an empty list when the form offers "none of these".
   */
  | { kind: 'choices'; values: readonly string[]; key: (value: string) => string; none?: string }
  | { kind: 'named-list'; values: readonly string[]; name: NameOf }
  /** A record of one answer per item (experience per product), items in `items`' order. */
  | {
      kind: 'per-item';
      items: readonly string[];
      itemKey: (item: string) => string;
      values: readonly string[];
      valueKey: (value: string) => string;
    }
  /** A list of records, one line each, labelled `itemLabel` with `{{n}}`; each record by its own catalogue. */
  | { kind: 'rows'; itemLabel: string; fields: FieldCatalogue }
  /**
   * Several answers read as one (a mainland area's province, city and county codes): `join` makes
   * the text from the answers named in `covers`.
   */
  | {
      kind: 'compound';
      join: (answers: Readonly<Record<string, unknown>>, lang: Language) => string | undefined;
    }
  /** A sealed value: its mask (the server's `sealed` map), else the mask kept in `maskField`. */
  | { kind: 'sealed'; maskField?: string }
  /** Not read as a line (bookkeeping, pen strokes, a value shown under another field). */
  | { kind: 'hidden' };

export interface BandSpec {
  id: string;
  minCents: number;
  maxCents: number | null;
}

export interface FieldSpec {
  /** null only for a field nobody reads as a line (`hidden`, or covered by another line). */
  label: LabelSpec | null;
  value: ValueSpec;
  audience: readonly Audience[];
  /** Answers this line reads besides its own (a compound's codes): they are not lines themselves. */
  covers?: readonly string[];
  /** A suffix key added to the value when this other answer is true (a TIN taken from the ID). */
  note?: { field: string; key: string };
}

/** A step's fields in the form's order: the object's key order is the order they read in. */
export type FieldCatalogue = Readonly<Record<string, FieldSpec>>;

export interface StepCatalogue {
  /** The step screen's i18n namespace (labels mostly come from it). */
  namespace: string;
  fields: FieldCatalogue;
  /**
   * Where the step's answers are not something the person typed (a recording heard, photos taken,
   * a signature): what the applicant's review says once it is done (an i18n key).
   */
  doneKey?: string;
}

/** Helper for a catalogue literal: keeps its keys for the type of `fields`. */
export function defineCatalogue<K extends string>(c: {
  namespace: string;
  fields: Record<K, FieldSpec>;
  doneKey?: string;
}): StepCatalogue & { fields: Record<K, FieldSpec> } {
  return c;
}

/** An i18n look-up: the text of `key` with `{{name}}` filled in, or undefined when there is none. */
export type Translate = (key: string, values?: Readonly<Record<string, string>>) => string | undefined;

export interface RenderOptions {
  lang: Language;
  t: Translate;
  audience: Audience;
  /** Called for each label key that has no text (the catalogue test fails on it). */
  onMissing?: (key: string) => void;
}

export interface AnswerLine {
  /** The answer's field (a row of a list: `field.index`). */
  field: string;
  label: string;
  value: string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

function text(key: string, o: RenderOptions, values?: Record<string, string>): string {
  const found = o.t(key, values);
  if (found !== undefined) return found;
  o.onMissing?.(key);
  return '—';
}

function labelText(spec: LabelSpec, answers: Readonly<Record<string, unknown>>, o: RenderOptions): string {
  if (typeof spec === 'string') return text(spec, o);
  const key = spec.when && answers[spec.when.field] === spec.when.equals ? spec.when.key : spec.key;
  const label = text(key, o);
  return spec.wrap ? text(spec.wrap, o, { label }) : label;
}

const GROUPING: Record<Language, string> = { 'zh-CN': 'zh-CN', 'zh-HK': 'zh-HK', en: 'en-HK' };

/** Whole dollars as the financial screen writes a band's ends. */
export function bandText(band: BandSpec, index: number, o: RenderOptions): string {
  const format = new Intl.NumberFormat(GROUPING[o.lang], { maximumFractionDigits: 0 });
  const from = (cents: number) => format.format(Math.ceil(cents / 100));
  const to = (cents: number) => format.format(Math.floor(cents / 100));
  if (band.maxCents === null) return text('financial:band_above', o, { amount: to(band.minCents - 1) });
  if (index === 0) return text('financial:band_below', o, { amount: from(band.maxCents + 1) });
  return text('financial:band_range', o, { from: from(band.minCents), to: to(band.maxCents) });
}

/** `HKD 1,250,000.00` from 125000000 minor units. */
export function moneyText(minor: number, currency: string): string {
  return `${currency} ${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** `2026-11-26 16:45 HKT` (the domain's Hong Kong wall time). */
export function hongKongTimeText(iso: string): string {
  const wall = hongKongWallTime(iso);
  return wall === null ? iso : `${wall} HKT`;
}

function separator(o: RenderOptions): string {
  return o.t('review:list_separator') ?? (o.lang === 'en' ? ', ' : '、');
}

function valueText(
  spec: FieldSpec,
  v: unknown,
  answers: Readonly<Record<string, unknown>>,
  sealed: Readonly<Record<string, string | null | undefined>>,
  field: string,
  o: RenderOptions,
): string | undefined {
  const value = spec.value;
  switch (value.kind) {
    case 'hidden':
      return undefined;
    case 'sealed': {
      const mask = sealed[field] ?? (value.maskField ? answers[value.maskField] : undefined);
      return typeof mask === 'string' && mask !== '' ? mask : undefined;
    }
    case 'compound':
      return value.join(answers, o.lang);
    default:
  }
  if (isEmpty(v) && value.kind !== 'choices') return undefined;
  switch (value.kind) {
    case 'text':
      return String(v);
    case 'count':
      return value.template ? text(value.template, o, { n: String(v) }) : String(v);
    case 'boolean':
      return text(v === true ? 'flow:yes' : 'flow:no', o);
    case 'date':
      return String(v);
    case 'instant':
      return hongKongTimeText(String(v));
    case 'duration': {
      const s = Math.round(Number(v) / 1000);
      return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    }
    case 'money':
      return typeof v === 'number' ? moneyText(v, value.currency) : String(v);
    case 'choice':
      return text(value.key(String(v)), o);
    case 'named':
      return value.name(String(v), o.lang) ?? String(v);
    case 'band': {
      const index = value.bands.findIndex((b) => b.id === v);
      return index < 0 ? String(v) : bandText(value.bands[index]!, index, o);
    }
    case 'choices': {
      if (!Array.isArray(v)) return undefined;
      const list = v.map(String);
      if (list.length === 0) return value.none ? text(value.none, o) : undefined;
      const ordered = value.values.filter((x) => list.includes(x));
      const unknown = list.filter((x) => !value.values.includes(x));
      return [...ordered.map((x) => text(value.key(x), o)), ...unknown].join(separator(o));
    }
    case 'named-list': {
      const list = Array.isArray(v) ? v.map(String) : [];
      const ordered = [
        ...value.values.filter((x) => list.includes(x)),
        ...list.filter((x) => !value.values.includes(x)),
      ];
      return ordered.map((x) => value.name(x, o.lang) ?? x).join(separator(o));
    }
    case 'per-item': {
      const record = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
      return value.items
        .filter((item) => !isEmpty(record[item]))
        .map((item) => `${text(value.itemKey(item), o)}: ${text(value.valueKey(String(record[item])), o)}`)
        .join(separator(o));
    }
    default:
      return String(v);
  }
}

/**
 * The lines of one set of answers for `audience`, in the catalogue's order: every answer by its
 * label and its value in words, sealed values by their mask; unanswered fields left out.
 */
export function renderAnswers(
  fields: FieldCatalogue,
  answers: Readonly<Record<string, unknown>>,
  sealed: Readonly<Record<string, string | null | undefined>>,
  o: RenderOptions,
  prefix = '',
): AnswerLine[] {
  const lines: AnswerLine[] = [];
  for (const [field, spec] of Object.entries(fields)) {
    if (!spec.audience.includes(o.audience)) continue;
    const v = answers[field];
    if (spec.value.kind === 'rows') {
      const rows = Array.isArray(v) ? v : [];
      const inner = spec.value.fields;
      rows.forEach((row, i) => {
        if (typeof row !== 'object' || row === null) return;
        const parts = renderAnswers(inner, row as Record<string, unknown>, {}, o, `${prefix}${field}.${i}.`);
        lines.push({
          field: `${prefix}${field}.${i}`,
          label: text((spec.value as { itemLabel: string }).itemLabel, o, { n: String(i + 1) }),
          value: parts.map((p) => `${p.label}: ${p.value}`).join(o.lang === 'en' ? '; ' : '；'),
        });
      });
      continue;
    }
    let value = valueText(spec, v, answers, sealed, field, o);
    if (value === undefined) continue;
    if (spec.note && answers[spec.note.field] === true) value = `${value} (${text(spec.note.key, o)})`;
    lines.push({
      field: `${prefix}${field}`,
      label: spec.label === null ? '—' : labelText(spec.label, answers, o),
      value,
    });
  }
  return lines;
}

/** Every label key a catalogue may ask for (the server's copy of the texts is made from these). */
export function catalogueKeys(c: StepCatalogue | FieldCatalogue): string[] {
  const fields =
    'fields' in c && typeof (c as StepCatalogue).namespace === 'string'
      ? (c as StepCatalogue).fields
      : (c as FieldCatalogue);
  const keys = new Set<string>();
  if ('doneKey' in c && typeof c.doneKey === 'string') keys.add(c.doneKey);
  for (const spec of Object.values(fields)) {
    const l = spec.label;
    if (typeof l === 'string') keys.add(l);
    else if (l !== null) {
      keys.add(l.key);
      if (l.when) keys.add(l.when.key);
      if (l.wrap) keys.add(l.wrap);
    }
    if (spec.note) keys.add(spec.note.key);
    const v = spec.value;
    if (v.kind === 'boolean') for (const k of ['flow:yes', 'flow:no']) keys.add(k);
    if (v.kind === 'count' && v.template) keys.add(v.template);
    if (v.kind === 'choice') for (const x of v.values) keys.add(v.key(String(x)));
    if (v.kind === 'choices') {
      for (const x of v.values) keys.add(v.key(x));
      if (v.none) keys.add(v.none);
    }
    if (v.kind === 'band')
      for (const k of ['financial:band_below', 'financial:band_range', 'financial:band_above']) keys.add(k);
    if (v.kind === 'per-item') {
      for (const x of v.items) keys.add(v.itemKey(x));
      for (const x of v.values) keys.add(v.valueKey(x));
    }
    if (v.kind === 'rows') {
      keys.add(v.itemLabel);
      for (const k of catalogueKeys(v.fields)) keys.add(k);
    }
  }
  return [...keys];
}
