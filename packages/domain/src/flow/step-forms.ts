// The table of the steps saved through the generic step call (POST /v9/OpenAccountHk/step/:step):
// which step has a form (`STEP_FORMS`; each form is in its step's folder, steps/<step>/form.ts, of
// the type in steps/step-form.ts), and "earlier steps first". Imported by path: the login screen
// never loads the forms.
import { accountTypeForm } from '../steps/account-type/form';
import { addressForm } from '../steps/address/form';
import { bankForm } from '../steps/bank/form';
import { declarationsForm } from '../steps/declarations/form';
import { employmentForm } from '../steps/employment/form';
import { financialForm } from '../steps/financial/form';
import { identityMediaForm } from '../steps/identity-media/form';
import { investmentForm } from '../steps/investment/form';
import { personalForm } from '../steps/personal/form';
import { applicableSteps } from '../steps/registry';
import type { StepForm } from '../steps/step-form';
import { taxForm } from '../steps/tax/form';
import type { ApplicationFacts, StepId } from '../steps/types';

export type { StepForm, StepFormContext } from '../steps/step-form';

/**
 * Every step's form on the generic call, or `null` for a step passed by calls of its own (the ID
 * step, the recording, the signature, the review). A step missing here fails the type check.
 */
export const STEP_FORMS: Readonly<Record<StepId, StepForm | null>> = {
  identity: null,
  address: addressForm,
  account_type: accountTypeForm,
  personal: personalForm,
  employment: employmentForm,
  financial: financialForm,
  tax: taxForm,
  declarations: declarationsForm,
  investment: investmentForm,
  risk_disclosure: null,
  identity_media: identityMediaForm,
  bank: bankForm,
  signature: null,
  review: null,
};

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
