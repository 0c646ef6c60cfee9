import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { STEP_FORMS } from '../../flow/step-forms';
import { investmentStep } from './definition';
import {
  checkHasDerivativesKnowledge,
  checkNeedsRiskCall,
  checkSavedAnswersNeedRiskCall,
  DERIVATIVES_KNOWLEDGE_WAYS,
  EXPERIENCE_YEARS,
  type ExperienceYears,
  INVESTMENT_PRODUCTS,
  INVESTMENT_PURPOSES,
  type InvestmentExperience,
  investmentAnswersOf,
  investmentFormSchema,
} from './form';

const all = (years: ExperienceYears): InvestmentExperience => ({
  securities: years,
  bond: years,
  etf: years,
  warrant: years,
  cbbc: years,
  futures_options: years,
});

describe('enumerations', () => {
  it('are those of spec §3 and the issue', () => {
    expect(INVESTMENT_PURPOSES).toEqual(['capital_appreciation', 'hedging', 'dividend_yield']);
    expect(INVESTMENT_PRODUCTS).toEqual(['securities', 'bond', 'etf', 'warrant', 'cbbc', 'futures_options']);
    expect(EXPERIENCE_YEARS).toEqual(['none', 'lt1', '1to3', '3to5', 'gt5']);
    expect(DERIVATIVES_KNOWLEDGE_WAYS).toEqual(['training', 'work_experience', 'transactions']);
  });
});

describe('checkNeedsRiskCall (spec §4: experience under 1 year)', () => {
  it('is true with no experience, or less than a year, in every product', () => {
    expect(checkNeedsRiskCall(all('none'))).toBe(true);
    expect(checkNeedsRiskCall(all('lt1'))).toBe(true);
    expect(checkNeedsRiskCall({ ...all('none'), securities: 'lt1', etf: 'lt1' })).toBe(true);
  });

  it('is false as soon as one product has a year or more', () => {
    for (const years of ['1to3', '3to5', 'gt5'] as const) {
      for (const product of INVESTMENT_PRODUCTS) {
        expect(checkNeedsRiskCall({ ...all('none'), [product]: years }), `${product} ${years}`).toBe(false);
      }
    }
  });

  it('counts an unanswered product as no experience', () => {
    expect(checkNeedsRiskCall({})).toBe(true);
    expect(checkNeedsRiskCall({ securities: 'lt1' })).toBe(true);
    expect(checkNeedsRiskCall({ bond: 'gt5' })).toBe(false);
  });
});

describe('checkSavedAnswersNeedRiskCall (what the booking calls go by)', () => {
  it('needs every product answered, each under a year', () => {
    expect(checkSavedAnswersNeedRiskCall({ experience: all('lt1') })).toBe(true);
    expect(checkSavedAnswersNeedRiskCall({ experience: { ...all('none'), bond: 'lt1' } })).toBe(true);
    expect(checkSavedAnswersNeedRiskCall({ experience: { ...all('none'), cbbc: '1to3' } })).toBe(false);
  });

  it('is false on an incomplete, missing or malformed answer', () => {
    const { etf: _, ...five } = all('none');
    expect(checkSavedAnswersNeedRiskCall({ experience: five })).toBe(false);
    expect(checkSavedAnswersNeedRiskCall({ experience: { ...all('none'), etf: 'never' } })).toBe(false);
    expect(checkSavedAnswersNeedRiskCall({})).toBe(false);
    expect(checkSavedAnswersNeedRiskCall(null)).toBe(false);
    expect(checkSavedAnswersNeedRiskCall({ experience: 'none' })).toBe(false);
  });
});

describe('checkHasDerivativesKnowledge (SFC Code of Conduct 5.1A)', () => {
  it('is true with any one of the three ways', () => {
    for (const way of DERIVATIVES_KNOWLEDGE_WAYS)
      expect(checkHasDerivativesKnowledge({ derivatives_knowledge: [way] }), way).toBe(true);
    expect(checkHasDerivativesKnowledge({ derivatives_knowledge: ['training', 'transactions'] })).toBe(true);
  });

  it('is false with none, nothing answered, or only unknown values', () => {
    expect(checkHasDerivativesKnowledge({ derivatives_knowledge: [] })).toBe(false);
    expect(checkHasDerivativesKnowledge({})).toBe(false);
    expect(checkHasDerivativesKnowledge({ derivatives_knowledge: null })).toBe(false);
    expect(checkHasDerivativesKnowledge({ derivatives_knowledge: ['futures_options', 'gt5'] })).toBe(false);
  });

  it('does not infer it from years of derivative experience: the person must say so', () => {
    const answers = {
      experience: { ...all('none'), warrant: 'gt5', cbbc: '3to5', futures_options: '1to3' },
      derivatives_knowledge: [] as string[],
    };
    expect(checkHasDerivativesKnowledge(answers)).toBe(false);
    expect(checkHasDerivativesKnowledge({ ...answers, derivatives_knowledge: ['transactions'] })).toBe(true);
  });
});

describe('investmentFormSchema', () => {
  const schema = investmentFormSchema();
  const valid = {
    purposes: ['capital_appreciation', 'dividend_yield'],
    experience: { ...all('none'), securities: '1to3' },
    derivatives_knowledge: ['training'],
    derivatives_training: 'HKSI derivatives course',
  };
  const errors = (input: unknown) => {
    const r = schema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a complete answer and one with no derivatives knowledge', () => {
    expect(schema.parse(valid)).toEqual(valid);
    expect(schema.safeParse({ ...valid, derivatives_knowledge: [] }).success).toBe(true);
    expect(schema.safeParse({ ...valid, purposes: [...INVESTMENT_PURPOSES] }).success).toBe(true);
  });

  it('asks an experience answer for exactly the products of the list', () => {
    expect(Object.keys(schema.shape.experience.shape)).toEqual([...INVESTMENT_PRODUCTS]);
  });

  it('requires at least one purpose', () => {
    expect(errors({ ...valid, purposes: [] })).toEqual(['purposes: investment_purpose_required']);
    expect(errors({ ...valid, purposes: undefined })).toEqual(['purposes: investment_purpose_required']);
    expect(errors({ ...valid, purposes: 'hedging' })).toEqual(['purposes: investment_purpose_required']);
  });

  it('refuses a purpose not in the list, and a purpose twice', () => {
    expect(errors({ ...valid, purposes: ['speculation'] })).toEqual([
      'purposes.0: investment_purpose_invalid',
    ]);
    expect(errors({ ...valid, purposes: ['hedging', 'hedging'] })).toEqual([
      'purposes: investment_purpose_invalid',
    ]);
    expect(errors({ ...valid, purposes: ['hedging', 'hedging', 'hedging', 'hedging'] })).toContain(
      'purposes: investment_purpose_invalid',
    );
  });

  it('requires an answer for every product', () => {
    const { futures_options: _, ...fiveProducts } = valid.experience;
    expect(errors({ ...valid, experience: fiveProducts })).toEqual([
      'experience.futures_options: experience_required',
    ]);
    expect(errors({ ...valid, experience: undefined })).toEqual(['experience: experience_required']);
    expect(errors({ ...valid, experience: {} })).toHaveLength(INVESTMENT_PRODUCTS.length);
  });

  it('refuses years not in the list', () => {
    expect(errors({ ...valid, experience: { ...valid.experience, bond: '10' } })).toEqual([
      'experience.bond: experience_required',
    ]);
    expect(errors({ ...valid, experience: { ...valid.experience, etf: 2 } })).toEqual([
      'experience.etf: experience_required',
    ]);
  });

  it('refuses an unknown or repeated way of derivatives knowledge, and a missing answer', () => {
    expect(errors({ ...valid, derivatives_knowledge: ['self_study'] })).toEqual([
      'derivatives_knowledge.0: derivatives_knowledge_invalid',
    ]);
    expect(errors({ ...valid, derivatives_knowledge: ['training', 'training'] })).toEqual([
      'derivatives_knowledge: derivatives_knowledge_invalid',
    ]);
    expect(errors({ ...valid, derivatives_knowledge: undefined })).toEqual([
      'derivatives_knowledge: derivatives_knowledge_required',
    ]);
  });

  it('refuses a body that is not an object', () => {
    expect(schema.safeParse(null).success).toBe(false);
    expect(schema.safeParse('investment').success).toBe(false);
  });

  it('SFC 5.1A: each ticked way needs what the person says about it', () => {
    const none = { ...valid, derivatives_knowledge: [], derivatives_training: undefined };
    expect(errors({ ...none, derivatives_knowledge: ['training'] })).toEqual([
      'derivatives_training: derivatives_training_required',
    ]);
    expect(errors({ ...none, derivatives_knowledge: ['work_experience'], derivatives_work: '   ' })).toEqual([
      'derivatives_work: derivatives_work_required',
    ]);
    expect(errors({ ...none, derivatives_knowledge: ['transactions'] })).toEqual([
      'derivatives_transactions: derivatives_transactions_required',
    ]);
    expect(errors({ ...none, derivatives_work: 'x'.repeat(201) })).toEqual([
      'derivatives_work: derivatives_work_required',
    ]);
  });

  it('SFC 5.1A (c): trading experience is 5 or more transactions in the past 3 years', () => {
    const base = { ...valid, derivatives_knowledge: ['transactions'], derivatives_training: undefined };
    expect(errors({ ...base, derivatives_transactions: 4 })).toEqual([
      'derivatives_transactions: derivatives_transactions_too_few',
    ]);
    expect(errors({ ...base, derivatives_transactions: 2.5 })).toEqual([
      'derivatives_transactions: derivatives_transactions_required',
    ]);
    expect(errors({ ...base, derivatives_transactions: 'many' })).toEqual([
      'derivatives_transactions: derivatives_transactions_required',
    ]);
    expect(schema.parse({ ...base, derivatives_transactions: 5 }).derivatives_transactions).toBe(5);
    // a text input sends digits
    expect(schema.parse({ ...base, derivatives_transactions: ' 12 ' }).derivatives_transactions).toBe(12);
  });

  it('keeps what the person said only for the ways they ticked', () => {
    const parsed = schema.parse({
      ...valid,
      derivatives_knowledge: ['work_experience', 'transactions'],
      derivatives_training: 'a course the person unticked',
      derivatives_work: '  Futures dealer, Harbour Securities  ',
      derivatives_transactions: '8',
    });
    expect(investmentAnswersOf(parsed)).toEqual({
      purposes: valid.purposes,
      experience: valid.experience,
      derivatives_knowledge: ['work_experience', 'transactions'],
      derivatives_work: 'Futures dealer, Harbour Securities',
      derivatives_transactions: 8,
    });
    expect(investmentAnswersOf(schema.parse({ ...valid, derivatives_knowledge: [] }))).toEqual({
      purposes: valid.purposes,
      experience: valid.experience,
      derivatives_knowledge: [],
    });
  });
});

describe('investment: one schema for the saved answers (issue #13)', () => {
  it('the definition and the form draft are the same schema', () => {
    expect(STEP_FORMS.investment?.draft).toBe(investmentStep.answers);
  });

  it('holds every answer of the form, not only the derivatives knowledge', () => {
    const schema = investmentStep.answers!;
    const draft = {
      purposes: ['hedging'],
      experience: { securities: 'gt5' },
      derivatives_knowledge: ['training'],
      derivatives_training: 'An HKSI course',
    };
    expect(z.parse(schema, draft)).toEqual(draft);
    expect(z.safeParse(schema, { purposes: ['gambling'] }).success).toBe(false);
    expect(z.safeParse(schema, { derivatives_knowledge: ['instinct'] }).success).toBe(false);
  });
});
