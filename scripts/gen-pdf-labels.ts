// `npm run pdf:labels`: the application PDF's labels of coded answers (education, industry, proof
// types, investment experience…), taken from the step screens' own texts (apps/web/src/locales) so
// the PDF says what the person chose in the words they saw. Written to
// apps/api/src/plugins/app/submissions/application-pdf/screen-labels.json; a test fails when the
// file is not what this script makes from the current screen texts.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const SCREEN_LABELS_FILE = path.join(
  root,
  'apps/api/src/plugins/app/submissions/application-pdf/screen-labels.json',
);
const LANGS = ['zh-CN', 'zh-HK', 'en'] as const;

/**
 * Answer field → the screen namespace and key prefix of its options (`<prefix><value>`). A nested
 * field is written `parent.child`; `parent.*` applies the prefix to every child of that parent.
 */
const VALUE_SOURCES: readonly { field: string; ns: string; prefix: string }[] = [
  { field: 'education', ns: 'personal', prefix: 'education_' },
  { field: 'marital_status', ns: 'personal', prefix: 'marital_' },
  { field: 'residential_property', ns: 'personal', prefix: 'property_' },
  { field: 'status', ns: 'employment', prefix: 'status_' },
  { field: 'industry', ns: 'employment', prefix: 'industry_' },
  { field: 'job_level', ns: 'employment', prefix: 'job_level_' },
  { field: 'income_sources', ns: 'financial', prefix: 'income_source_' },
  { field: 'asset_classes', ns: 'financial', prefix: 'asset_class_' },
  { field: 'funds_source', ns: 'financial', prefix: 'funds_source_' },
  { field: 'proof_type', ns: 'address', prefix: 'proof_type_' },
  { field: 'asset_proof_type', ns: 'account_type', prefix: 'asset_proof_type_' },
  { field: 'pep_relations', ns: 'declarations', prefix: 'pep_relation_' },
  { field: 'purposes', ns: 'investment', prefix: 'purpose_' },
  { field: 'derivatives_knowledge', ns: 'investment', prefix: 'way_' },
  { field: 'experience.*', ns: 'investment', prefix: 'years_' },
  { field: 'tin_reason', ns: 'tax', prefix: 'reason_' },
];
/** Nested keys shown by a screen text: `parent.child` → namespace and key prefix of the child. */
const KEY_SOURCES: readonly { parent: string; ns: string; prefix: string }[] = [
  { parent: 'experience', ns: 'investment', prefix: 'product_' },
];

type Texts = Record<(typeof LANGS)[number], string>;

function readLocale(lang: string, ns: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(root, 'apps/web/src/locales', lang, `${ns}.json`), 'utf8'));
}

function collect(ns: string, prefix: string): Map<string, Texts> {
  const byLang = Object.fromEntries(LANGS.map((l) => [l, readLocale(l, ns)])) as Record<
    (typeof LANGS)[number],
    Record<string, string>
  >;
  const out = new Map<string, Texts>();
  for (const key of Object.keys(byLang.en)) {
    if (!key.startsWith(prefix)) continue;
    const texts = Object.fromEntries(LANGS.map((l) => [l, byLang[l][key]])) as Texts;
    // option texts only: no placeholders, present in every language
    if (LANGS.some((l) => typeof texts[l] !== 'string' || texts[l].includes('{{'))) continue;
    out.set(key.slice(prefix.length), texts);
  }
  return out;
}

/** The labels as the PDF reads them: `values["field:value"]`, `keys["parent.child"]`. */
export function makeScreenLabels(): { values: Record<string, Texts>; keys: Record<string, Texts> } {
  const values: Record<string, Texts> = {};
  for (const { field, ns, prefix } of VALUE_SOURCES)
    for (const [value, texts] of collect(ns, prefix)) values[`${field}:${value}`] = texts;
  const keys: Record<string, Texts> = {};
  for (const { parent, ns, prefix } of KEY_SOURCES)
    for (const [child, texts] of collect(ns, prefix)) keys[`${parent}.${child}`] = texts;
  const sorted = <T>(o: Record<string, T>) =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { values: sorted(values), keys: sorted(keys) };
}

export function screenLabelsJson(): string {
  return `${JSON.stringify(makeScreenLabels(), null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(SCREEN_LABELS_FILE, screenLabelsJson());
  const { values, keys } = makeScreenLabels();
  console.log(
    `${Object.keys(values).length} value labels, ${Object.keys(keys).length} key labels → ${SCREEN_LABELS_FILE}`,
  );
}
