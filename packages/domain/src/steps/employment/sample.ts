import type { StepSample } from '../types';

/** Valid answers of the employment step, which the catalogue test, the API helpers and the journeys walk. */
export const employmentSample = {
  saved: [
    {
      answers: {
        status: 'employed',
        company_name: '港峰贸易有限公司',
        industry: 'financial',
        position: 'Accountant',
        job_level: 'senior_management',
        department: 'Finance',
        years_of_service: 30,
      },
      sealed: {},
    },
    { answers: { status: 'student' }, sealed: {} },
    {
      answers: {
        status: 'self_employed',
        company_name: 'Smith Design',
        industry: 'service',
        position: 'Owner',
        job_level: 'owner',
        years_of_service: 5,
      },
      sealed: {},
    },
  ],
  form: { status: 'retired' },
} satisfies StepSample;
