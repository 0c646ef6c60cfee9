// The table of the steps saved through the generic step call (POST /v9/OpenAccountHk/step/:step):
// what a step's form is (`StepForm`: the schema the screen validates with and the server parses
// again, and the step's rules, which see the other steps' answers), which step has one
// (`STEP_FORMS`; each form is in its step's folder, steps/<step>/form.ts), and "earlier steps
// first". Imported by path: the login screen never loads the forms.
import type * as z from 'zod/mini';
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
import type { SealedIdDocument } from '../steps/tax/crs';
import { taxForm } from '../steps/tax/form';
import type { ApplicationFacts, StepId } from '../steps/types';

export interface StepFormContext {
  /** Today in Hong Kong (YYYY-MM-DD). */
  today: string;
  /** Every step's saved answers (sealed ones aside). */
  facts: ApplicationFacts;
  /** Live documents of the application by kind. */
  documentCounts: Readonly<Record<string, number>>;
  /**
   * The booked start of the risk-disclosure call (spec §4), `YYYY-MM-DDTHH:mm:00+08:00`, or null;
   * read by the investment step's rules (absent where the caller does not load it).
   */
  riskCallSlot?: string | null;
  /** Whether this application verified the address with a mailed code (the server's fact; absent: none). */
  isEmailVerified?: (email: string) => boolean;
}

export interface StepForm {
  /**
   * The saved answers' shape when the registry declares only part of it (every field optional):
   * drafts are parsed by it, and it is the schema every write of this step's answers goes through.
   */
  draft?: z.ZodMiniType<Record<string, unknown>>;
  /**
   * A draft as sent, when it carries values the server seals (`seal`) and the saved answers keep
   * only masked: the draft's fields and those values. A draft is parsed by it before anything is
   * expanded, sealed or looked up (absent: `draft`).
   */
  draftInput?: z.ZodMiniType<Record<string, unknown>>;
  /** The complete form, as the person confirms it (errors are message keys). */
  schema: (ctx: StepFormContext) => z.ZodMiniType<Record<string, unknown>>;
  /**
   * Answers that stand for a value the server holds sealed (the tax step's `tin_from_id` and kept
   * `tin_masked`): the server puts the value in before parsing, so it never travels to the client.
   * `own` holds this step's sealed values, decrypted.
   */
  expandSealed?: (
    answers: Record<string, unknown>,
    sealed: { idDocument?: SealedIdDocument | undefined; own: Readonly<Record<string, string>> },
  ) => Record<string, unknown>;
  /** The step's rules over the parsed answers and the rest of the application: field → message key. */
  check?: (answers: Record<string, unknown>, ctx: StepFormContext) => Record<string, string>;
  /**
   * Splits the answers into what is stored as it is and what the vault seals (the step's
   * `sealedFields`): the server seals the `plain` text and keeps only the masked form in view.
   */
  seal?: (answers: Record<string, unknown>) => {
    answers: Record<string, unknown>;
    sealed: Record<string, { plain: string; masked: string } | null>;
  };
}

/** The steps whose form is saved through the generic call (the identity step has its own calls). */
export const STEP_FORMS: Partial<Record<StepId, StepForm>> = {
  account_type: accountTypeForm,
  employment: employmentForm,
  financial: financialForm,
  investment: investmentForm,
  tax: taxForm,
  declarations: declarationsForm,
  personal: personalForm,
  address: addressForm,
  bank: bankForm,
  identity_media: identityMediaForm,
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
    .filter((s) => which === 'all' || s.id === 'identity' || STEP_FORMS[s.id] !== undefined)
    .filter((s) => !confirmed.has(s.id))
    .map((s) => s.id);
}
