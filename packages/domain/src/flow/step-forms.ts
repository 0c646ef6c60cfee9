// The steps saved through the generic step call (POST /v9/OpenAccountHk/step/:step): which step has a
// form (`STEP_FORMS`, declared in steps/tables.ts with the other per-step tables; each form is in its
// step's folder, steps/<step>/form.ts, of the type in steps/step-form.ts), and "earlier steps first".
// Imported by path: the login screen never loads the forms.
import { applicableSteps } from '../steps/registry';
import { STEP_FORMS } from '../steps/tables';
import type { ApplicationFacts, StepId } from '../steps/types';

export type { StepForm, StepFormContext } from '../steps/step-form';

export { STEP_FORMS };

/**
 * "Earlier steps first", written once: the applicable steps before `stepId`, in the flow's order,
 * that are not confirmed yet and so keep it from being confirmed. `filled_online` (the step forms,
 * the risk-disclosure recording) counts the steps a person fills in on a screen of their own: the
 * ID and the form steps (the recording and the signature are passed by their own calls, and their
 * own rules ask for what comes before them); `all` (the signature) counts every applicable step.
 */
export function unconfirmedStepsBefore(
  stepId: StepId,
  confirmed: ReadonlySet<StepId>,
  facts: ApplicationFacts,
  which: 'filled_online' | 'all' = 'filled_online',
): StepId[] {
  const steps = applicableSteps(facts);
  const index = steps.findIndex((s) => s.id === stepId);
  return steps
    .slice(0, index < 0 ? steps.length : index)
    .filter((s) => which === 'all' || s.id === 'identity' || STEP_FORMS[s.id] !== null)
    .filter((s) => !confirmed.has(s.id))
    .map((s) => s.id);
}
