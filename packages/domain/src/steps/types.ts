import type * as z from 'zod/mini';

/** The whole flow, in the order a person goes through it (issue #5 §1). */
export const STEP_IDS = [
  'identity',
  'address',
  'account_type',
  'personal',
  'employment',
  'financial',
  'tax',
  'declarations',
  'investment',
  'risk_disclosure',
  'identity_media',
  'bank',
  'signature',
  'review',
] as const;
export type StepId = (typeof STEP_IDS)[number];

/** spec §4 progress stages: the percentage reached once a step of that stage is done. */
export type StageProgress = 10 | 30 | 50 | 60 | 90 | 100;

/** A step's saved answers, as plain JSON (sealed fields are kept apart by the server). */
/**
 * Each step's spec §4 stage, as its definition declares it (registry.test.ts checks they agree):
 * the login page labels its progress button from this table without loading the registry.
 */
export const STEP_STAGES: Readonly<Record<StepId, StageProgress | null>> = {
  identity: 10,
  address: 10,
  account_type: 30,
  personal: 50,
  employment: 50,
  financial: 50,
  tax: 50,
  declarations: 50,
  investment: 50,
  risk_disclosure: 60,
  identity_media: 60,
  bank: 90,
  signature: 100,
  review: null,
};

export type Answers = Readonly<Record<string, unknown>>;

/** What `appliesTo` and dependency conditions may look at: the answers of every step so far. */
export interface ApplicationFacts {
  /** Markets asked for at account creation (loginCreate `type`). */
  markets: readonly string[];
  answers: Partial<Record<StepId, Answers>>;
}

/** Why a confirmed step was opened again; an i18n key (`steps` namespace) the person is shown. */
export const REOPEN_REASONS = [
  'documents_changed',
  'name_or_id_changed',
  'birth_date_changed',
  'margin_not_for_students',
  'futures_needs_derivatives_knowledge',
  'markets_changed',
  'account_type_changed',
  'risk_disclosure_changed',
  'changed_after_signing',
] as const;
export type ReopenReason = (typeof REOPEN_REASONS)[number];

/**
 * "This step was confirmed against these answers of another step": when one of `fields` of step
 * `on` changes (any step and any field with '*') and `when` holds, a confirmed step is reopened
 * with `reason`. Rules are tried in order; the first that matches gives the reason.
 */
export interface StepDependency {
  on: StepId | '*';
  fields: readonly string[] | '*';
  /** Extra condition on the upstream step's new answers, this step's own answers and the facts. */
  when?: (upstream: Answers, own: Answers, facts: ApplicationFacts) => boolean;
  reason: ReopenReason;
}

/** A kind of document a step owns, with how many of it a complete step needs and allows. */
export interface StepDocument {
  kind: string;
  min: number;
  max: number;
}

export interface StepDefinition {
  id: StepId;
  /** spec §4 stage; `null` for the review (submission is not a progress stage). */
  stage: StageProgress | null;
  /**
   * The saved answers' shape: every write is parsed by it (drafts included, so every field is
   * optional here; completeness is the confirmation schema's job). `null` for steps whose form
   * comes with a later issue: the server refuses to save them until then.
   */
  answers: z.ZodMiniType<Record<string, unknown>> | null;
  /** Answers the server keeps sealed at rest (vault), with a look-up hash and a masked form. */
  sealedFields: readonly string[];
  /**
   * Answers kept for the record (the snapshot, staff) but never sent back to the applicant's
   * screens (absent: none), e.g. the signature's pen strokes.
   */
  unsentFields?: readonly string[];
  documents: readonly StepDocument[];
  appliesTo: (facts: ApplicationFacts) => boolean;
  dependsOn: readonly StepDependency[];
  /**
   * Whether a confirmation still stands on the step's own answers (absent: always). A confirmed
   * step whose answers are no longer current (the risk disclosure heard in an older text version)
   * counts as not confirmed everywhere: progress, the next step, submission.
   */
  isCurrent?: (answers: Answers) => boolean;
}

export const always = (): boolean => true;

/** A step's answers as saved, with its sealed values by their masks (what a snapshot holds). */
export interface SavedAnswers {
  answers: Answers;
  sealed: Readonly<Record<string, string | null>>;
}

/**
 * Valid answers of one step (`steps/<step>/catalogue.ts`, listed in `STEP_SAMPLES`): the catalogue
 * test, the API tests' helpers and the e2e journeys walk the registry with them instead of
 * hand-written sequences of steps.
 */
export interface StepSample {
  /**
   * Answers as saved that, together, take every branch of the step's catalogue (the first is the
   * Hong Kong applicant's): each must parse with the step's saved-answers schema and read in words
   * in three languages for every audience.
   */
  saved: readonly [SavedAnswers, ...SavedAnswers[]];
  /**
   * What the step's screen sends on the generic step call: the shortest answers the server
   * confirms for a Hong Kong ID holder with a cash account on the Hong Kong market. `null` exactly
   * when the step has no form (`STEP_FORMS`): it is passed by calls of its own.
   */
  form: Answers | null;
}
