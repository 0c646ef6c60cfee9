import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { STEP_FORMS } from '../../flow/step-forms';
import { employmentStep } from './definition';

describe('employment: one schema for the saved answers (issue #13)', () => {
  it('the definition and the form draft are the same schema', () => {
    expect(STEP_FORMS.employment?.draft).toBe(employmentStep.answers);
  });

  it('refuses what the form refuses: more than 60 years, an industry outside the list', () => {
    const schema = employmentStep.answers!;
    expect(z.safeParse(schema, { years_of_service: 60, industry: 'financial' }).success).toBe(true);
    expect(z.safeParse(schema, { years_of_service: 61 }).success).toBe(false);
    expect(z.safeParse(schema, { years_of_service: 80 }).success).toBe(false);
    expect(z.safeParse(schema, { industry: 'Banking and finance' }).success).toBe(false);
  });
});
