// The registry of steps (issue #5 §1): order, stages, what applies, what reopens what. Progress,
// the login page's progress button and "the first unfinished step" all come from here.
import { accountTypeStep } from './account-type/definition';
import { addressStep } from './address/definition';
import { bankStep } from './bank/definition';
import { declarationsStep } from './declarations/definition';
import { employmentStep } from './employment/definition';
import { financialStep } from './financial/definition';
import { identityStep } from './identity/definition';
import { identityMediaStep } from './identity-media/definition';
import { investmentStep } from './investment/definition';
import { personalStep } from './personal/definition';
import { reviewStep } from './review/definition';
import { riskDisclosureStep } from './risk-disclosure/definition';
import { signatureStep } from './signature/definition';
import { taxStep } from './tax/definition';
import {
  type Answers,
  type ApplicationFacts,
  type ReopenReason,
  STEP_IDS,
  type StepDefinition,
  type StepId,
} from './types';

/** Every step's definition, by id: a step missing here fails the type check. */
export const STEP_DEFINITIONS: Readonly<Record<StepId, StepDefinition>> = {
  identity: identityStep,
  address: addressStep,
  account_type: accountTypeStep,
  personal: personalStep,
  employment: employmentStep,
  financial: financialStep,
  tax: taxStep,
  declarations: declarationsStep,
  investment: investmentStep,
  risk_disclosure: riskDisclosureStep,
  identity_media: identityMediaStep,
  bank: bankStep,
  signature: signatureStep,
  review: reviewStep,
};

/** The steps in the flow's order (`STEP_IDS`). */
export const STEPS: readonly StepDefinition[] = STEP_IDS.map((id) => STEP_DEFINITIONS[id]);

const BY_ID = new Map<string, StepDefinition>(STEPS.map((s) => [s.id, s]));

export function checkIsStepId(value: string): value is StepId {
  return (STEP_IDS as readonly string[]).includes(value);
}

export function stepById(id: StepId): StepDefinition {
  const step = BY_ID.get(id);
  if (!step) throw new Error(`unknown step ${id}`);
  return step;
}

/** The step that owns a document kind (an upload of `address_proof` belongs to `address`). */
export function stepOfDocumentKind(
  kind: string,
  steps: readonly StepDefinition[] = STEPS,
): StepDefinition | null {
  return steps.find((s) => s.documents.some((d) => d.kind === kind)) ?? null;
}

/** Every document kind any step owns. */
export const DOCUMENT_KINDS_OF_STEPS: readonly string[] = STEPS.flatMap((s) =>
  s.documents.map((d) => d.kind),
);

export function applicableSteps(facts: ApplicationFacts, steps: readonly StepDefinition[] = STEPS) {
  return steps.filter((s) => s.appliesTo(facts));
}

/**
 * How far the person got, as the "completed N%" bars show it: the stage of the last confirmed step
 * with no unconfirmed applicable step before it; steps that do not apply are skipped, the review has
 * no stage. The status's `stages_done` are the stages up to it.
 */
export function computeCompletedProgress(
  confirmed: ReadonlySet<StepId>,
  facts: ApplicationFacts,
  steps: readonly StepDefinition[] = STEPS,
): number {
  let progress = 0;
  for (const step of applicableSteps(facts, steps)) {
    if (step.stage === null) continue;
    if (!confirmed.has(step.id)) break;
    progress = step.stage;
  }
  return progress;
}

/**
 * info_progress (spec §3, §4; decision 011): the stage the person is in, i.e. the stage of the first
 * applicable step not confirmed (ID 10, account type 30, … signature 100), and 100 once only the
 * review is left. Read through spec §2's table ("up to 10: continue uploading ID", "up to 30:
 * account type", …) it names the stage the person goes on with at every percentage; the last stage
 * finished would name the stage just done (10 → "continue uploading ID" after the ID).
 */
export function computeInfoProgress(
  confirmed: ReadonlySet<StepId>,
  facts: ApplicationFacts,
  steps: readonly StepDefinition[] = STEPS,
): number {
  const next = applicableSteps(facts, steps).find((s) => s.stage !== null && !confirmed.has(s.id));
  return next?.stage ?? 100;
}

/** The first applicable step not confirmed, in flow order (the review last); null when all are. */
export function firstUnfinishedStep(
  confirmed: ReadonlySet<StepId>,
  facts: ApplicationFacts,
  steps: readonly StepDefinition[] = STEPS,
): StepId | null {
  return applicableSteps(facts, steps).find((s) => !confirmed.has(s.id))?.id ?? null;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Names of the answers that differ between two versions of a step's answers. */
export function changedFields(before: Answers, after: Answers): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !sameValue(before[k], after[k])).sort();
}

export interface Reopening {
  step: StepId;
  reason: ReopenReason;
}

/**
 * Which confirmed steps a change reopens, and why: the dependencies of every other applicable step
 * are matched against the changed step and fields; `facts` hold the answers after the change.
 */
export function stepsToReopen(
  change: { step: StepId; fields: readonly string[] },
  confirmed: ReadonlySet<StepId>,
  facts: ApplicationFacts,
  steps: readonly StepDefinition[] = STEPS,
): Reopening[] {
  if (change.fields.length === 0) return [];
  const upstream = facts.answers[change.step] ?? {};
  const out: Reopening[] = [];
  for (const step of applicableSteps(facts, steps)) {
    if (step.id === change.step || !confirmed.has(step.id)) continue;
    const own = facts.answers[step.id] ?? {};
    const rule = step.dependsOn.find(
      (d) =>
        (d.on === '*' || d.on === change.step) &&
        (d.fields === '*' || d.fields.some((f) => change.fields.includes(f))) &&
        (!d.when || d.when(upstream, own, facts)),
    );
    if (rule) out.push({ step: step.id, reason: rule.reason });
  }
  return out;
}

/** A step's answers as the applicant's screens get them: without its `unsentFields`. */
export function answersToSend(step: StepDefinition, answers: Answers): Answers {
  const unsent = step.unsentFields ?? [];
  if (unsent.length === 0) return answers;
  return Object.fromEntries(Object.entries(answers).filter(([k]) => !unsent.includes(k)));
}

/** Document kinds of a step that have fewer than their minimum (spec §5: both ID photos). */
export function missingDocuments(step: StepDefinition, counts: Readonly<Record<string, number>>): string[] {
  return step.documents.filter((d) => (counts[d.kind] ?? 0) < d.min).map((d) => d.kind);
}

/** How many documents of `kind` a step allows at once (0 when the step does not own the kind). */
export function maxDocuments(step: StepDefinition, kind: string): number {
  return step.documents.find((d) => d.kind === kind)?.max ?? 0;
}
