import type { Tx } from '../../../db/client';
import type { ApplicationRow, StepRow } from '../steps/step-repository';
import type { SubmissionRow } from './submission-repository';

// Submission announces "submitted"; whoever cares listens (decision 022). The review opens its case
// this way, without the submissions folder knowing the review's. Listeners run inside the
// submission's transaction with its handle, in the order registered: what they write commits with
// the submission or not at all, and a listener that throws aborts the submission (as it did when
// the review was called directly).

/** What a new submission tells its listeners, inside its transaction. */
export interface SubmittedEvent {
  /** The submission's transaction: every write of a listener goes through it. */
  tx: Tx;
  /** The application as locked at the start of the submission (before its status moved to 1). */
  application: ApplicationRow;
  /** The submission just inserted (snapshot, number, hash). */
  submission: SubmissionRow;
  /** The application's step rows as submitted (answers and sealed values). */
  rows: readonly StepRow[];
  now: Date;
}

export type SubmittedListener = (event: SubmittedEvent) => Promise<void>;

export interface SubmissionEvents {
  /** Registers a listener of every new submission (at app construction). */
  onSubmitted(listener: SubmittedListener): void;
  /** Calls each listener in turn, awaited, inside the submission's transaction. */
  announceSubmitted(event: SubmittedEvent): Promise<void>;
  /** How many listeners are registered (a submission refuses to run with none: no case would open). */
  listenerCount(): number;
}

export function createSubmissionEvents(): SubmissionEvents {
  const listeners: SubmittedListener[] = [];
  return {
    onSubmitted(listener) {
      listeners.push(listener);
    },
    async announceSubmitted(event) {
      for (const listener of listeners) await listener(event);
    },
    listenerCount: () => listeners.length,
  };
}
