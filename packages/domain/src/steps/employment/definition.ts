import * as z from 'zod/mini';
import { draftText } from '../../text';
import { always, type StepDefinition } from '../types';

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

/** spec §3 industries. */
export const INDUSTRIES = ['service', 'agriculture', 'manufacturing', 'financial', 'government'] as const;
/** spec §3 lists the job level without values: a broker's usual ladder. */
export const JOB_LEVELS = ['staff', 'supervisor', 'manager', 'senior_management', 'owner'] as const;
/** Years with the employer (spec §3): whole years, 0 to 60. */
export const YEARS_OF_SERVICE_MAX = 60;

/**
 * The employment step's saved answers, once (issue #13: the definition and the form disagreed on
 * the industry, a list or free text, and on the years of service, 60 or 80): drafts are parsed by
 * it and every write of the step's answers goes through it; the form (flow/step-forms.ts) adds
 * what a confirmation needs.
 */
export const EMPLOYMENT_ANSWERS = z.partial(
  z.object({
    status: z.enum(EMPLOYMENT_STATUSES),
    company_name: draftText(200),
    industry: z.enum(INDUSTRIES),
    position: draftText(100),
    job_level: z.enum(JOB_LEVELS),
    department: draftText(100),
    years_of_service: z.number().check(z.int(), z.minimum(0), z.maximum(YEARS_OF_SERVICE_MAX)),
  }),
);

/** Employment (spec §3): the status, and for the employed and self-employed the employer and the job. */
export const employmentStep: StepDefinition = {
  id: 'employment',
  stage: 50,
  answers: EMPLOYMENT_ANSWERS,
  sealedFields: [],
  documents: [],
  appliesTo: always,
  dependsOn: [],
};
