import * as z from 'zod/mini';
import { draftText } from '../text';
import { always, type StepDefinition } from './types';

/** spec §3 employment statuses. */
export const EMPLOYMENT_STATUSES = [
  'employed',
  'self_employed',
  'student',
  'retired',
  'housewife',
  'unemployed',
] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

/**
 * Employment (spec §3): the status, and for the employed and self-employed the employer and the
 * job. The screen comes with the opening-flow issue (part 1); the status is declared now because
 * the margin rule rests on it.
 */
export const employmentStep: StepDefinition = {
  id: 'employment',
  stage: 50,
  answers: z.partial(
    z.object({
      status: z.enum(EMPLOYMENT_STATUSES),
      company_name: draftText(200),
      industry: draftText(50),
      position: draftText(100),
      job_level: draftText(50),
      department: draftText(100),
      years_of_service: z.number().check(z.int(), z.minimum(0), z.maximum(80)),
    }),
  ),
  sealedFields: [],
  documents: [],
  appliesTo: always,
  dependsOn: [],
};
