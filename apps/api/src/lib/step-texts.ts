// The one renderer of a step's record in words (issue #23), shared by the application PDF and the
// staff case view: step titles, document kinds, sealed values by their masks and a step's answers
// through its field catalogue. Every text comes from the step screens' own texts, read at start
// from apps/web/src/locales (./catalogue-texts.ts, decision 031): no second copy.
import { checkIsStepId, type Language } from '@hk/domain';
import {
  type AnswerLine,
  type Audience,
  documentKindKey,
  renderStepAnswers,
  stepTitleKey,
  type Translate,
} from '@hk/domain/steps/catalogues';
import { readCatalogueTexts, type Texts } from './catalogue-texts';

const TEXTS = readCatalogueTexts();

/** The catalogues' label keys in `lang`, `{{name}}` filled in (the renderer's look-up). */
export function catalogueTranslate(lang: Language): Translate {
  return (key, values) => TEXTS[key]?.[lang].replace(/\{\{(\w+)\}\}/g, (_, k: string) => values?.[k] ?? '');
}

/** `some_field_name` → `Some field name`: the fallback for a field or value without a label. */
export function readable(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** A step's title (an older snapshot's unknown step: its id, readable). */
export function stepTitle(step: string, lang: Language): string {
  return (checkIsStepId(step) ? TEXTS[stepTitleKey(step)]?.[lang] : undefined) ?? readable(step);
}

/** A document kind's name (an unknown kind: its code, readable). */
export function documentKindLabel(kind: string, lang: Language): string {
  const key = documentKindKey(kind);
  return (key ? TEXTS[key]?.[lang] : undefined) ?? readable(kind);
}

/** What a sealed value shows when its stored mask is missing. */
export const SEALED_HIDDEN: Texts = { 'zh-CN': '（已加密保存）', 'zh-HK': '（已加密保存）', en: '(sealed)' };

/** A sealed answer as the record shows it: its stored masked form only (the ciphertext is never read). */
export function maskedText(sealed: unknown, lang: Language): string {
  const masked =
    typeof sealed === 'object' &&
    sealed !== null &&
    typeof (sealed as { masked?: unknown }).masked === 'string'
      ? (sealed as { masked: string }).masked
      : null;
  return masked ?? SEALED_HIDDEN[lang];
}

/** A step's sealed values by their masks. */
export function sealedMasks(
  sealed: Readonly<Record<string, unknown>>,
  lang: Language,
): Record<string, string> {
  return Object.fromEntries(Object.entries(sealed).map(([k, v]) => [k, maskedText(v, lang)]));
}

/** One step's answers as lines for `audience` in `lang`: its catalogue, sealed values by their masks. */
export function renderStepLines(
  step: string,
  answers: Readonly<Record<string, unknown>>,
  sealed: Readonly<Record<string, unknown>>,
  lang: Language,
  audience: Audience,
): AnswerLine[] {
  return renderStepAnswers(step, answers, sealedMasks(sealed, lang), {
    lang,
    t: catalogueTranslate(lang),
    audience,
  });
}
