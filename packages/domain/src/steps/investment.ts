import * as z from 'zod/mini';
import { always, type StepDefinition } from './types';

/** SFC Code of Conduct 5.1A: ways a person can show derivatives knowledge. */
export const DERIVATIVES_KNOWLEDGE = ['training', 'work_experience', 'transactions'] as const;

/**
 * Investment purpose, experience per product and derivatives knowledge. The screen comes with the
 * opening-flow issue (part 1); the knowledge is declared now because the futures rule rests on it.
 */
export const investmentStep: StepDefinition = {
  id: 'investment',
  stage: 50,
  answers: z.partial(
    z.object({
      derivatives_knowledge: z.array(z.enum(DERIVATIVES_KNOWLEDGE)).check(z.maxLength(3)),
    }),
  ),
  sealedFields: [],
  documents: [],
  appliesTo: always,
  dependsOn: [],
};
