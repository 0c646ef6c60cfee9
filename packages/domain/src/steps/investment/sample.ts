import type { StepSample } from '../types';

/** Valid answers of the investment step, which the catalogue test, the API helpers and the journeys walk. */
export const investmentSample = {
  saved: [
    {
      answers: {
        purposes: ['dividend_yield', 'capital_appreciation'],
        experience: {
          futures_options: 'none',
          securities: 'gt5',
          etf: '3to5',
          bond: '1to3',
          warrant: 'lt1',
          cbbc: 'none',
        },
        derivatives_knowledge: [],
      },
      sealed: {},
    },
    {
      answers: {
        purposes: ['hedging'],
        experience: {
          securities: 'lt1',
          bond: 'none',
          etf: 'none',
          warrant: 'none',
          cbbc: 'none',
          futures_options: 'none',
        },
        derivatives_knowledge: ['transactions', 'training', 'work_experience'],
        derivatives_training: '期权基础课程，香港交易所',
        derivatives_work: '银行衍生品交易员',
        derivatives_transactions: 12,
      },
      sealed: {},
    },
  ],
  form: {
    purposes: ['capital_appreciation'],
    experience: {
      securities: '3to5',
      bond: 'none',
      etf: 'none',
      warrant: 'none',
      cbbc: 'none',
      futures_options: 'none',
    },
    derivatives_knowledge: [],
  },
} satisfies StepSample;
