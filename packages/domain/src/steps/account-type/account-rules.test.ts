import { describe, expect, it } from 'vitest';
import { MARGIN_AGE_THRESHOLD } from '../../constants';
import { hongKongToday } from '../../hong-kong-time';
import {
  ACCOUNT_TYPE_PROBLEMS,
  type AccountTypeFacts,
  ASSET_PROOF_MIN_EXCLUSIVE_CENTS,
  ASSET_PROOF_TYPES,
  type AssetProof,
  checkAccountType,
  checkIsAssetProofRequired,
  checkProofDate,
  earliestProofDate,
  PROOF_MAX_AGE_MONTHS,
} from './account-rules';

const TODAY = '2026-05-15';
const margin = { securities: 'margin', futures: false } as const;
const cash = { securities: 'cash', futures: false } as const;
/** 70 on TODAY. */
const SENIOR = '1956-01-10';
const goodProof: AssetProof = {
  type: 'bank_statement',
  amountCents: 50_000_001,
  currency: 'HKD',
  issuedOn: '2026-05-01',
  images: 1,
};
const senior = (assetProof?: AssetProof): AccountTypeFacts => ({
  birthDate: SENIOR,
  today: TODAY,
  assetProof,
});

describe('constants (spec §5, §9)', () => {
  it('asset proof must exceed HKD 500,000 = 50,000,000 cents; proofs within 3 months; margin at 65', () => {
    expect(ASSET_PROOF_MIN_EXCLUSIVE_CENTS).toBe(500_000 * 100);
    expect(PROOF_MAX_AGE_MONTHS).toBe(3);
    expect(MARGIN_AGE_THRESHOLD).toBe(65);
  });
});

describe('earliestProofDate: same day of the month three calendar months back, clamped to month end', () => {
  it.each([
    ['2026-05-15', '2026-02-15'],
    ['2026-03-15', '2025-12-15'], // across a year
    ['2026-01-01', '2025-10-01'],
    ['2026-12-31', '2026-09-30'], // 30 September
    ['2026-05-31', '2026-02-28'], // clamp: February 2026 has 28 days
    ['2026-05-30', '2026-02-28'],
    ['2026-05-29', '2026-02-28'],
    ['2026-05-28', '2026-02-28'],
    ['2028-05-31', '2028-02-29'], // leap year
    ['2028-05-29', '2028-02-29'],
    ['2100-05-31', '2100-02-28'], // 2100 is not a leap year
    ['2000-05-31', '2000-02-29'], // 2000 is
    ['2026-07-31', '2026-04-30'],
    ['2026-03-31', '2025-12-31'],
  ])('today %s → %s', (today, earliest) => {
    expect(earliestProofDate(today)).toBe(earliest);
  });

  it('refuses a today that is no date (a programming error, not a user one)', () => {
    for (const bad of ['', '2026-02-30', '2026-5-1', '15/05/2026', '2026-13-01'])
      expect(() => earliestProofDate(bad), bad).toThrow(RangeError);
  });
});

describe('checkProofDate', () => {
  it('takes the earliest day and today; refuses the day before and tomorrow', () => {
    expect(checkProofDate('2026-02-15', TODAY)).toBeNull();
    expect(checkProofDate('2026-02-14', TODAY)).toBe('too_old');
    expect(checkProofDate(TODAY, TODAY)).toBeNull();
    expect(checkProofDate('2026-05-16', TODAY)).toBe('in_future');
  });
  it('month ends: today 2026-05-31 takes 2026-02-28 and refuses 2026-02-27', () => {
    expect(checkProofDate('2026-02-28', '2026-05-31')).toBeNull();
    expect(checkProofDate('2026-02-27', '2026-05-31')).toBe('too_old');
  });
  it('leap years: today 2028-05-31 takes 2028-02-29 and refuses 2028-02-28', () => {
    expect(checkProofDate('2028-02-29', '2028-05-31')).toBeNull();
    expect(checkProofDate('2028-02-28', '2028-05-31')).toBe('too_old');
  });
  it('today 2026-03-31 takes 2025-12-31 and refuses 2025-12-30', () => {
    expect(checkProofDate('2025-12-31', '2026-03-31')).toBeNull();
    expect(checkProofDate('2025-12-30', '2026-03-31')).toBe('too_old');
  });
  it.each([undefined, '', '2026-02-30', '2026-5-1', 'yesterday', '2026-05-01T00:00:00Z'])(
    'a missing or malformed date %j is date_required',
    (d) => expect(checkProofDate(d, TODAY)).toBe('date_required'),
  );
});

describe('margin and students (spec §4)', () => {
  it('a student cannot have margin, and is told so', () => {
    expect(checkAccountType(margin, { employmentStatus: 'student', today: TODAY })).toEqual([
      'margin_not_for_students',
    ]);
  });
  it('a student may have cash', () => {
    expect(checkAccountType(cash, { employmentStatus: 'student', today: TODAY })).toEqual([]);
  });
  it.each(['employed', 'self_employed', 'retired', 'housewife', 'unemployed'])(
    '%s may have margin',
    (employmentStatus) => {
      expect(checkAccountType(margin, { employmentStatus, today: TODAY, birthDate: '1990-01-01' })).toEqual(
        [],
      );
    },
  );
  it('before the employment step is saved there is nothing to refuse yet', () => {
    expect(checkAccountType(margin, { today: TODAY, birthDate: '1990-01-01' })).toEqual([]);
  });
  it('a student aged 65 or over is told about margin once, not asked for an asset proof (cash settles both)', () => {
    expect(
      checkAccountType(margin, { employmentStatus: 'student', birthDate: SENIOR, today: TODAY }),
    ).toEqual(['margin_not_for_students']);
  });
});

describe('margin at 65 or over needs an asset proof (spec §4, §5)', () => {
  it('64 years and 364 days: no proof needed; on the 65th birthday: needed', () => {
    const birthDate = '1961-05-15';
    expect(checkAccountType(margin, { birthDate, today: '2026-05-14' })).toEqual([]);
    expect(checkAccountType(margin, { birthDate, today: '2026-05-15' })).toEqual([
      'margin_needs_asset_proof',
    ]);
    expect(checkIsAssetProofRequired('margin', birthDate, '2026-05-14')).toBe(false);
    expect(checkIsAssetProofRequired('margin', birthDate, '2026-05-15')).toBe(true);
  });

  it('counts the birthday in Hong Kong: 16:00 UTC is already the next day there', () => {
    const birthDate = '1961-05-15';
    const beforeMidnightHk = hongKongToday(new Date('2026-05-14T15:59:59Z')); // 23:59:59 in Hong Kong
    const midnightHk = hongKongToday(new Date('2026-05-14T16:00:00Z')); // 00:00 on the 15th in Hong Kong
    expect(beforeMidnightHk).toBe('2026-05-14');
    expect(midnightHk).toBe('2026-05-15');
    expect(checkAccountType(margin, { birthDate, today: beforeMidnightHk })).toEqual([]);
    expect(checkAccountType(margin, { birthDate, today: midnightHk })).toEqual(['margin_needs_asset_proof']);
  });

  it('born on 29 February: 65 on 1 March in a common year (Cap. 410 s.5)', () => {
    expect(checkIsAssetProofRequired('margin', '1961-02-28', '2026-02-28')).toBe(true);
    expect(checkIsAssetProofRequired('margin', '1960-02-29', '2025-02-28')).toBe(false);
    expect(checkIsAssetProofRequired('margin', '1960-02-29', '2025-03-01')).toBe(true);
  });

  it('cash needs no proof at any age', () => {
    expect(checkAccountType(cash, senior())).toEqual([]);
    expect(checkIsAssetProofRequired('cash', SENIOR, TODAY)).toBe(false);
  });

  it('no birth date yet, or a malformed one: the rule waits for the ID step', () => {
    expect(checkIsAssetProofRequired('margin', undefined, TODAY)).toBe(false);
    expect(checkIsAssetProofRequired('margin', '1950-13-01', TODAY)).toBe(false);
  });

  it('a valid proof satisfies the rule', () => {
    expect(checkAccountType(margin, senior(goodProof))).toEqual([]);
  });

  it('a proof with no image uploaded is no proof', () => {
    expect(checkAccountType(margin, senior({ ...goodProof, images: 0 }))).toEqual([
      'margin_needs_asset_proof',
    ]);
    expect(checkAccountType(margin, senior({ ...goodProof, images: Number.NaN }))).toEqual([
      'margin_needs_asset_proof',
    ]);
  });

  it('names its type: one of ASSET_PROOF_TYPES', () => {
    expect(checkAccountType(margin, senior({ ...goodProof, type: undefined }))).toEqual([
      'asset_proof_type_required',
    ]);
    expect(checkAccountType(margin, senior({ ...goodProof, type: 'lottery_ticket' }))).toEqual([
      'asset_proof_type_required',
    ]);
    for (const type of ASSET_PROOF_TYPES)
      expect(checkAccountType(margin, senior({ ...goodProof, type }))).toEqual([]);
  });

  it('at most 3 images', () => {
    expect(checkAccountType(margin, senior({ ...goodProof, images: 3 }))).toEqual([]);
    expect(checkAccountType(margin, senior({ ...goodProof, images: 4 }))).toEqual(['asset_proof_too_many']);
  });
});

describe('asset proof amount: must EXCEED HKD 500,000 (spec §5)', () => {
  it.each([
    [50_000_001, []], // 500,000.01
    [ASSET_PROOF_MIN_EXCLUSIVE_CENTS + 100, []], // 500,001.00
    [1_000_000_000_00, []],
    [50_000_000, ['asset_proof_too_low']], // 500,000.00 exactly is refused
    [49_999_999, ['asset_proof_too_low']],
    [0, ['asset_proof_too_low']],
    [-60_000_000, ['asset_proof_too_low']],
    [50_000_000.5, ['asset_proof_too_low']], // not a whole number of cents
    [Number.NaN, ['asset_proof_too_low']],
    [Number.POSITIVE_INFINITY, ['asset_proof_too_low']],
  ])('%d cents → %j', (amountCents, expected) => {
    expect(checkAccountType(margin, senior({ ...goodProof, amountCents }))).toEqual(expected);
  });
});

describe('asset proof date: within 3 months of today in Hong Kong (spec §5)', () => {
  const at = (issuedOn: string, today: string) =>
    checkAccountType(margin, { birthDate: SENIOR, today, assetProof: { ...goodProof, issuedOn } });
  it.each([
    ['2026-02-15', TODAY, []],
    ['2026-02-14', TODAY, ['asset_proof_too_old']],
    [TODAY, TODAY, []],
    ['2026-05-16', TODAY, ['asset_proof_in_future']],
    ['2026-02-28', '2026-05-31', []],
    ['2026-02-27', '2026-05-31', ['asset_proof_too_old']],
    ['2028-02-29', '2028-05-31', []],
    ['2028-02-28', '2028-05-31', ['asset_proof_too_old']],
    ['2027-02-28', '2027-05-30', []],
    ['2027-02-27', '2027-05-30', ['asset_proof_too_old']],
    ['2025-12-31', '2026-03-31', []],
    ['2025-11-30', '2026-03-01', ['asset_proof_too_old']],
    ['2025-12-01', '2026-03-01', []],
    ['2026-02-30', TODAY, ['asset_proof_date_required']],
    ['', TODAY, ['asset_proof_date_required']],
  ])('issued %s, today %s → %j', (issuedOn, today, expected) => {
    expect(at(issuedOn, today)).toEqual(expected);
  });
});

describe('futures needs derivatives knowledge (SFC Code of Conduct 5.1A)', () => {
  const futures = { securities: 'cash', futures: true } as const;
  it('without knowledge: offered to drop futures', () => {
    expect(checkAccountType(futures, { today: TODAY, hasDerivativesKnowledge: false })).toEqual([
      'futures_needs_derivatives_knowledge',
    ]);
  });
  it('with knowledge: fine', () => {
    expect(checkAccountType(futures, { today: TODAY, hasDerivativesKnowledge: true })).toEqual([]);
  });
  it('not answered yet (the investment step comes later): nothing to refuse yet', () => {
    expect(checkAccountType(futures, { today: TODAY })).toEqual([]);
  });
  it('no futures, no knowledge needed', () => {
    expect(checkAccountType(cash, { today: TODAY, hasDerivativesKnowledge: false })).toEqual([]);
  });
});

describe('several problems at once, in a stable order', () => {
  it('a senior with a low, old, over-uploaded proof and futures without knowledge', () => {
    const problems = checkAccountType(
      { securities: 'margin', futures: true },
      {
        birthDate: SENIOR,
        today: TODAY,
        hasDerivativesKnowledge: false,
        assetProof: {
          type: 'pension_statement',
          amountCents: 10_000_000,
          currency: 'HKD',
          issuedOn: '2025-01-01',
          images: 5,
        },
      },
    );
    expect(problems).toEqual([
      'asset_proof_too_low',
      'asset_proof_too_old',
      'asset_proof_too_many',
      'futures_needs_derivatives_knowledge',
    ]);
  });
  it('a student with margin and futures without knowledge', () => {
    expect(
      checkAccountType(
        { securities: 'margin', futures: true },
        { employmentStatus: 'student', today: TODAY, hasDerivativesKnowledge: false },
      ),
    ).toEqual(['margin_not_for_students', 'futures_needs_derivatives_knowledge']);
  });
  it('a senior without proof and futures without knowledge', () => {
    expect(
      checkAccountType(
        { securities: 'margin', futures: true },
        { ...senior(), hasDerivativesKnowledge: false },
      ),
    ).toEqual(['margin_needs_asset_proof', 'futures_needs_derivatives_knowledge']);
  });
  it('the order follows ACCOUNT_TYPE_PROBLEMS', () => {
    const problems = checkAccountType(
      { securities: 'margin', futures: true },
      {
        ...senior({ amountCents: 1, currency: 'HKD', issuedOn: '2099-01-01', images: 9 }),
        hasDerivativesKnowledge: false,
      },
    );
    expect(problems).toEqual(
      ACCOUNT_TYPE_PROBLEMS.filter((p) => (problems as readonly string[]).includes(p)),
    );
    expect(problems).toEqual([
      'asset_proof_type_required',
      'asset_proof_too_low',
      'asset_proof_in_future',
      'asset_proof_too_many',
      'futures_needs_derivatives_knowledge',
    ]);
  });
});
