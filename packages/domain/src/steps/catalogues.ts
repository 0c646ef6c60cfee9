// Every step's field catalogue (field-catalogue.ts), by step. Imported by path
// (`@hk/domain/steps/catalogues`): the catalogues name every choice and load the area and bank
// tables, which the login screen must not carry.
import { accountTypeCatalogue } from './account-type/catalogue';
import { addressCatalogue } from './address/catalogue';
import { bankCatalogue } from './bank/catalogue';
import { declarationsCatalogue } from './declarations/catalogue';
import { employmentCatalogue } from './employment/catalogue';
import {
  type AnswerLine,
  type Audience,
  catalogueKeys,
  type RenderOptions,
  renderAnswers,
  type StepCatalogue,
} from './field-catalogue';
import { financialCatalogue } from './financial/catalogue';
import { identityCatalogue } from './identity/catalogue';
import { IDENTITY_DOCUMENT_KINDS } from './identity/definition';
import { identityMediaCatalogue } from './identity-media/catalogue';
import { investmentCatalogue } from './investment/catalogue';
import { personalCatalogue } from './personal/catalogue';
import { DOCUMENT_KINDS_OF_STEPS, stepOfDocumentKind } from './registry';
import { reviewCatalogue } from './review/catalogue';
import { riskDisclosureCatalogue } from './risk-disclosure/catalogue';
import { signatureCatalogue } from './signature/catalogue';
import { taxCatalogue } from './tax/catalogue';
import { STEP_IDS, type StepId } from './types';

export * from './field-catalogue';

/** A step without a catalogue fails the type check here. */
export const FIELD_CATALOGUES: Readonly<Record<StepId, StepCatalogue>> = {
  identity: identityCatalogue,
  address: addressCatalogue,
  account_type: accountTypeCatalogue,
  personal: personalCatalogue,
  employment: employmentCatalogue,
  financial: financialCatalogue,
  tax: taxCatalogue,
  declarations: declarationsCatalogue,
  investment: investmentCatalogue,
  risk_disclosure: riskDisclosureCatalogue,
  identity_media: identityMediaCatalogue,
  bank: bankCatalogue,
  signature: signatureCatalogue,
  review: reviewCatalogue,
};

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
