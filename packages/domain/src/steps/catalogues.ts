// Every step's field catalogue (field-catalogue.ts), by step (the table, FIELD_CATALOGUES, is in
// tables.ts with the other per-step tables), and what is read through it. Imported by path
// (`@hk/domain/steps/catalogues`): the catalogues name every choice and load the area and bank
// tables, which the login screen must not carry.
import {
  type AnswerLine,
  type Audience,
  catalogueKeys,
  type RenderOptions,
  renderAnswers,
  type StepCatalogue,
} from './field-catalogue';
import { IDENTITY_DOCUMENT_KINDS } from './identity/definition';
import { DOCUMENT_KINDS_OF_STEPS, stepOfDocumentKind } from './registry';
import { FIELD_CATALOGUES } from './tables';
import { STEP_IDS, type StepId } from './types';

export * from './field-catalogue';

export { FIELD_CATALOGUES };

export function catalogueOf(step: StepId): StepCatalogue {
  return FIELD_CATALOGUES[step];
}

/**
 * One step's answers as lines for `audience`, from its catalogue. A step the catalogue does not
 * know (an older snapshot's) gives no lines rather than its raw fields.
 */
export function renderStepAnswers(
  step: string,
  answers: Readonly<Record<string, unknown>>,
  sealed: Readonly<Record<string, string | null | undefined>>,
  options: RenderOptions,
): AnswerLine[] {
  const catalogue = (FIELD_CATALOGUES as Record<string, StepCatalogue>)[step];
  return catalogue ? renderAnswers(catalogue.fields, answers, sealed, options) : [];
}

/** Whether `audience` reads any line of the step (else the review shows its `doneKey`). */
export function checkHasLinesFor(step: StepId, audience: Audience): boolean {
  return Object.values(FIELD_CATALOGUES[step].fields).some((f) => f.audience.includes(audience));
}

/** The namespaces the catalogues' labels come from (the review screen loads them). */
export const CATALOGUE_NAMESPACES: readonly string[] = [
  ...new Set(
    Object.values(FIELD_CATALOGUES).flatMap((c) => catalogueKeys(c).map((k) => k.slice(0, k.indexOf(':')))),
  ),
];

/**
 * A step's title as the record names it (the PDF, the staff case view): `step_title` in the step's
 * own namespace, its catalogue's (the screens' tab titles are the web app's `common` texts).
 */
export function stepTitleKey(step: StepId): string {
  return `${FIELD_CATALOGUES[step].namespace}:step_title`;
}

/** Every kind of document: the ID photos (the ID step's own calls) and what the steps' definitions own. */
export const ALL_DOCUMENT_KINDS: readonly string[] = [...IDENTITY_DOCUMENT_KINDS, ...DOCUMENT_KINDS_OF_STEPS];

/** A document kind's name: `document_<kind>` in the namespace of the step that owns it; null for an unknown kind. */
export function documentKindKey(kind: string): string | null {
  const step = (IDENTITY_DOCUMENT_KINDS as readonly string[]).includes(kind)
    ? 'identity'
    : stepOfDocumentKind(kind)?.id;
  return step ? `${FIELD_CATALOGUES[step].namespace}:document_${kind}` : null;
}

/**
 * Every label key of every catalogue, every step's title and every document kind's name (the
 * server's copy of the texts holds exactly these; the catalogue test wants each in every language).
 */
export function allCatalogueKeys(): string[] {
  return [
    ...new Set([
      ...Object.values(FIELD_CATALOGUES).flatMap((c) => catalogueKeys(c)),
      ...STEP_IDS.map(stepTitleKey),
      ...ALL_DOCUMENT_KINDS.map((k) => documentKindKey(k)!),
      'review:list_separator',
    ]),
  ].sort();
}
