// The employment step's form on the generic step call (issue #6 step 4): the status, and for the
// employed and self-employed the employer and the job.
import * as z from 'zod/mini';
import { textRule, typedText } from '../../text';
import type { StepForm } from '../step-form';
import {
  EMPLOYMENT_ANSWERS,
  EMPLOYMENT_STATUSES,
  INDUSTRIES,
  JOB_LEVELS,
  YEARS_OF_SERVICE_MAX,
} from './definition';

export { INDUSTRIES, JOB_LEVELS };

const text = (requiredKey: string, max: number) =>
  z
    .string({ error: requiredKey })
    .check(...textRule(), z.minLength(1, requiredKey), z.maxLength(max, requiredKey));

/** Statuses whose employer and job are asked (spec §3: employed and self-employed). */
export const EMPLOYED_STATUSES = ['employed', 'self_employed'] as const;

/** spec §3: the status, and for the employed and self-employed their employer and job. */
export const employmentForm: StepForm = {
  draft: EMPLOYMENT_ANSWERS,
  schema: () =>
    z.pipe(
      z
        .object({
          status: z.enum(EMPLOYMENT_STATUSES, { error: 'employment_status_required' }),
          company_name: z.optional(text('company_name_required', 200)),
          industry: z.optional(z.enum(INDUSTRIES, { error: 'industry_required' })),
          position: z.optional(text('position_required', 100)),
          job_level: z.optional(z.enum(JOB_LEVELS, { error: 'job_level_required' })),
          department: z.optional(typedText({ max: 100, tooLongKey: 'department_too_long' })),
          years_of_service: z.optional(
            z.pipe(
              z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,2}$/.test(v) ? Number(v) : v)),
              z
                .number({ error: 'years_of_service_invalid' })
                .check(
                  z.int('years_of_service_invalid'),
                  z.minimum(0, 'years_of_service_invalid'),
                  z.maximum(YEARS_OF_SERVICE_MAX, 'years_of_service_invalid'),
                ),
            ),
          ),
        })
        .check(
          z.superRefine((v, ctx) => {
            if (!(EMPLOYED_STATUSES as readonly string[]).includes(v.status)) return;
            const need: [keyof typeof v, string][] = [
              ['company_name', 'company_name_required'],
              ['industry', 'industry_required'],
              ['position', 'position_required'],
              ['job_level', 'job_level_required'],
              ['years_of_service', 'years_of_service_invalid'],
            ];
            for (const [field, key] of need)
              if (v[field] === undefined || v[field] === '')
                ctx.addIssue({ code: 'custom', path: [field], message: key, input: v });
          }),
        ),
      // the employer and job of someone not employed are not kept
      z.transform((v) =>
        (EMPLOYED_STATUSES as readonly string[]).includes(v.status) ? v : { status: v.status },
      ),
    ),
};
