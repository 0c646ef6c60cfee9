import type { StepId } from '@hk/domain';
import type { StepFormContext } from '@hk/domain/flow/step-forms';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { setBankType } from '../application/application-repository';
import { findRiskCallSlot, releaseUnneededAppointment } from '../appointments/appointment-service';
import type { DocumentRow } from '../documents/document-repository';
import type { EventMeta } from '../events/event-repository';
import { identityMediaConfirmContext } from '../identity-media/identity-media-service';
import { loadEmailVerifier } from '../mail/email-code-service';
import type { ApplicationRow } from './step-repository';

/**
 * What the generic step save (step-form-service.ts) does for one step beyond parsing, checking and
 * writing its answers, as data (issue #13): the save names no step. Every hook runs inside the
 * save's transaction, with the application locked; none calls an outside service.
 */
export interface StepServerHooks {
  /** Facts the step's rules need that the application's answers do not hold (drafts and confirmations). */
  facts?: (tx: Tx, ctx: AppContext, app: ApplicationRow) => Promise<Partial<StepFormContext>>;
  /** The context a confirmation is checked in, where it differs from a draft's. */
  confirmContext?: (
    tx: Tx,
    app: ApplicationRow,
    now: Date,
    formCtx: StepFormContext,
    docs: readonly Pick<DocumentRow, 'kind' | 'createdAt'>[],
  ) => Promise<StepFormContext>;
  /** What a confirmation changes elsewhere, after the step is written. */
  afterConfirm?: (
    tx: Tx,
    app: ApplicationRow,
    answers: Readonly<Record<string, unknown>>,
    meta: EventMeta,
    now: Date,
  ) => Promise<void>;
}

export const STEP_SERVER_HOOKS: Partial<Record<StepId, StepServerHooks>> = {
  investment: {
    // the confirmation needs the risk-call booking when experience is under a year
    facts: async (tx, _ctx, app) => ({ riskCallSlot: await findRiskCallSlot(tx, app.id) }),
    // a year or more of experience after all: the risk call's booking is cancelled
    afterConfirm: (tx, app, answers, meta, now) => releaseUnneededAppointment(tx, app, answers, meta, now),
  },
  personal: {
    // the email must be one this application verified (mailCheck)
    facts: async (tx, ctx, app) => ({ isEmailVerified: await loadEmailVerifier(ctx.vault, tx, app.id) }),
  },
  identity_media: {
    // inside the 5 minutes after the recording, counting only the photos or video taken since
    confirmContext: (tx, app, now, formCtx, docs) =>
      identityMediaConfirmContext(tx, app.id, now, formCtx, docs),
  },
  bank: {
    // spec §4 `bank_type` (status, user centre): the kind of designated account the bank step gave
    afterConfirm: async (tx, app, answers) => {
      if (typeof answers.bank_type === 'number') await setBankType(tx, app.id, answers.bank_type);
    },
  },
};
