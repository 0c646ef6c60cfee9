import * as z from 'zod/mini';
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
      company_name: z.string().check(z.maxLength(200)),
      industry: z.string().check(z.maxLength(50)),
      position: z.string().check(z.maxLength(100)),
      job_level: z.string().check(z.maxLength(50)),
      department: z.string().check(z.maxLength(100)),
      years_of_service: z.number().check(z.int(), z.minimum(0), z.maximum(80)),
    }),
  ),
  sealedFields: [],
  documents: [],
  appliesTo: always,
  dependsOn: [],
};
