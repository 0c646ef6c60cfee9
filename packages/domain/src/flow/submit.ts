// The review and the submission (issue #7 step 5): which steps stand between an application and
// its submission, in the flow's order, so the client can be sent to the first one.
import { applicableSteps, missingDocuments, STEPS } from '../steps/registry';
import type { ApplicationFacts, StepDefinition, StepId } from '../steps/types';

/**
 * The applicable steps that keep an application from being submitted, in flow order: not
 * confirmed, or confirmed but missing a document their kind needs (a photo deleted since).
 * The review itself never blocks (it is where the person submits from).
 */
export function stepsBlockingSubmission(
  confirmed: ReadonlySet<StepId>,
  facts: ApplicationFacts,
  documentCounts: Readonly<Record<string, number>>,
  steps: readonly StepDefinition[] = STEPS,
): StepId[] {
  return applicableSteps(facts, steps)
    .filter(
      (s) => s.id !== 'review' && (!confirmed.has(s.id) || missingDocuments(s, documentCounts).length > 0),
    )
    .map((s) => s.id);
}

/**
 * Whether a submit call with this idempotency key is the replay of one already made: the same key
 * as an earlier submission of this application, or any key while the application is submitted
 * (a second device's submit joins the first). Decided under the application's lock.
 */
export type SubmitReplay =
  | { kind: 'replay'; of: 'same_key' | 'already_submitted' }
  | { kind: 'new' }
  | { kind: 'locked' };

export function decideSubmit(input: { status: number; keyAlreadyUsed: boolean }): SubmitReplay {
  if (input.keyAlreadyUsed) return { kind: 'replay', of: 'same_key' };
  if (input.status === 1) return { kind: 'replay', of: 'already_submitted' };
  if (input.status === 0 || input.status === -1) return { kind: 'new' };
  return { kind: 'locked' };
}
