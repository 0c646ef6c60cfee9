// The employment form (issue #6 step 4): what its schemas keep and refuse.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { StepFormContext } from '../../flow/step-forms';
import { employmentForm } from './form';

const ctx = (): StepFormContext => ({
  today: '2026-05-15',
  facts: { markets: [], answers: {} },
  documentCounts: {},
});

describe('employment form', () => {
  const EMPLOYED = {
    status: 'employed',
    company_name: ' Tencent Holdings Limited ',
    industry: 'service',
    position: 'Engineer',
    job_level: 'staff',
    years_of_service: '3',
  };
  it('asks the job of the employed and self-employed, keeps nothing of it for the others', () => {
    expect(z.parse(employmentForm.schema(ctx()), EMPLOYED)).toEqual({
      ...EMPLOYED,
      company_name: 'Tencent Holdings Limited',
      years_of_service: 3,
    });
    expect(z.safeParse(employmentForm.schema(ctx()), { status: 'self_employed' }).success).toBe(false);
    for (const status of ['student', 'retired', 'housewife', 'unemployed'])
      expect(z.parse(employmentForm.schema(ctx()), { ...EMPLOYED, status })).toEqual({ status });
  });
  it('drafts take only real choices', () => {
    expect(z.safeParse(employmentForm.draft!, { status: 'employed', industry: 'service' }).success).toBe(
      true,
    );
    expect(z.safeParse(employmentForm.draft!, { industry: 'mining' }).success).toBe(false);
    expect(z.safeParse(employmentForm.draft!, { job_level: 'ceo' }).success).toBe(false);
  });
});
