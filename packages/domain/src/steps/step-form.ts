// What a step's form is (issue #23): the schema the screen validates with and the server parses
// again, and the step's rules, which see the other steps' answers. Each step's form.ts imports this
// module, and flow/step-forms.ts the forms: a module of its own, so the arrows point one way.
import type * as z from 'zod/mini';
import type { SealedIdDocument } from './tax/crs';
import type { ApplicationFacts } from './types';

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
