// Step 3 of the opening flow (issue #6): education, marital status, residential property and an
// email the person proved they receive (a 6-digit code sent by `mailCheck`). Imported by path.
import * as z from 'zod/mini';
import { textRule } from '../../text';
import type { StepForm } from '../step-form';

/** spec §3 education, highest first. */
export const EDUCATION_LEVELS = [
  'postgraduate',
  'undergraduate',
  'diploma',
  'secondary',
  'primary_or_below',
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

/** spec §3 marital status. */
export const MARITAL_STATUSES = ['single', 'married'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

/**
 * spec §3 residential property: owned without a mortgage ("unsecured"), owned with a mortgage,
 * dormitory, rented, living with parents.
 */
export const RESIDENTIAL_PROPERTY_TYPES = [
  'owned_unmortgaged',
  'owned_mortgaged',
  'dormitory',
  'rented',
  'with_parents',
] as const;
export type ResidentialPropertyType = (typeof RESIDENTIAL_PROPERTY_TYPES)[number];

/** spec §5 (text inputs): at most 200 characters. */
export const EMAIL_MAX_LENGTH = 200;

/**
 * spec §5 email rule: after trimming, letters, digits and `_ . + -` before the @, then a domain
 * with a dot (labels of letters, digits and hyphens).
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/**
 * The form an address is kept and compared in: trimmed and in lower case. Mail providers treat
 * addresses case-insensitively in practice, so `A@x.com` verified is `a@x.com` saved.
 */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function checkIsEmail(raw: string): boolean {
  const email = normalizeEmail(raw);
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** An email as the person types it: required, spec §5's rule, kept normalised. */
export const emailSchema = z
  .string({ error: 'email_required' })
  .check(
    ...textRule(),
    z.minLength(1, 'email_required'),
    z.maxLength(EMAIL_MAX_LENGTH, 'email_invalid'),
    z.regex(EMAIL_PATTERN, 'email_invalid'),
    z.toLowerCase(),
  );

export interface PersonalAnswers {
  education: EducationLevel;
  marital_status: MaritalStatus;
  residential_property: ResidentialPropertyType;
  email: string;
}

/**
 * The personal step. Its rule beyond the shape: the email confirmed must be one this application
 * verified with a code (mailCheck). Only the server knows that (the code rows), so it gives the
 * fact as `ctx.isEmailVerified`; without it nothing counts as verified.
 */
export const personalForm: StepForm = {
  draft: z.partial(
    z.object({
      education: z.enum(EDUCATION_LEVELS),
      marital_status: z.enum(MARITAL_STATUSES),
      residential_property: z.enum(RESIDENTIAL_PROPERTY_TYPES),
      // a draft may hold an address still being typed; the confirmation checks it
      email: z.string().check(...textRule(), z.maxLength(EMAIL_MAX_LENGTH, 'email_invalid'), z.toLowerCase()),
    }),
  ),
  schema: () =>
    z.object({
      education: z.enum(EDUCATION_LEVELS, { error: 'education_required' }),
      marital_status: z.enum(MARITAL_STATUSES, { error: 'marital_status_required' }),
      residential_property: z.enum(RESIDENTIAL_PROPERTY_TYPES, { error: 'residential_property_required' }),
      email: emailSchema,
    }),
  check: (answers, ctx) => {
    const email = typeof answers.email === 'string' ? normalizeEmail(answers.email) : '';
    const fields: Record<string, string> = {};
    if (!ctx.isEmailVerified?.(email)) fields.email = 'email_not_verified';
    return fields;
  },
};
