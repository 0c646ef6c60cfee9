import { describe, expect, it } from 'vitest';
import { flagsOfAnswers } from './flags';

const now = new Date('2026-11-27T04:00:00Z');
const oneYearEach = {
  securities: '1to3',
  bond: '1to3',
  etf: '1to3',
  warrant: '1to3',
  cbbc: '1to3',
  futures_options: '1to3',
};

describe('case flags (issue #14)', () => {
  it('raises nothing for an ordinary applicant', () => {
    expect(
      flagsOfAnswers(
        {
          identity: { birth_date: '1990-05-01' },
          employment: { status: 'employed' },
          declarations: { pep: false, licensed_employee: false },
          investment: { experience: oneYearEach, derivatives_knowledge: ['none'] },
          tax: {
            us_citizen: false,
            us_green_card: false,
            us_born: false,
            tax_residencies: [{ country: 'HK' }],
          },
        },
        now,
      ),
    ).toEqual([]);
  });
  it('65 counts on the birthday in Hong Kong', () => {
    expect(flagsOfAnswers({ identity: { birth_date: '1961-11-27' } }, now)).toEqual(['age_65_plus']);
    expect(flagsOfAnswers({ identity: { birth_date: '1961-11-28' } }, now)).toEqual([]);
  });
  it('raises each flag from its answer, in the list order', () => {
    const flags = flagsOfAnswers(
      {
        tax: { us_citizen: false, tax_residencies: [{ country: 'US' }] },
        employment: { status: 'student' },
        declarations: { pep: true, licensed_employee: true },
        investment: {
          experience: Object.fromEntries(Object.keys(oneYearEach).map((k) => [k, 'none'])),
          derivatives_knowledge: ['training'],
        },
      },
      now,
    );
    expect(flags).toEqual([
      'student',
      'pep',
      'licensed_employee',
      'under_one_year_experience',
      'derivatives',
      'us_indicia',
    ]);
  });
  it('a futures account is a derivatives case', () => {
    expect(flagsOfAnswers({ account_type: { futures: true } }, now)).toEqual(['derivatives']);
  });
});
