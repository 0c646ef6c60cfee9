import { defineCatalogue, EVERYONE } from '../field-catalogue';
import type { StepSample } from '../types';
import { EMPLOYMENT_STATUSES, INDUSTRIES, JOB_LEVELS } from './definition';

export const employmentCatalogue = defineCatalogue({
  namespace: 'employment',
  fields: {
    status: {
      label: 'employment:status',
      value: { kind: 'choice', values: EMPLOYMENT_STATUSES, key: (v) => `employment:status_${v}` },
      audience: EVERYONE,
    },
    company_name: { label: 'employment:company_name', value: { kind: 'text' }, audience: EVERYONE },
    industry: {
      label: 'employment:industry',
      value: { kind: 'choice', values: INDUSTRIES, key: (v) => `employment:industry_${v}` },
      audience: EVERYONE,
    },
    position: { label: 'employment:position', value: { kind: 'text' }, audience: EVERYONE },
    job_level: {
      label: 'employment:job_level',
      value: { kind: 'choice', values: JOB_LEVELS, key: (v) => `employment:job_level_${v}` },
      audience: EVERYONE,
    },
    department: { label: 'employment:department', value: { kind: 'text' }, audience: EVERYONE },
    years_of_service: { label: 'employment:years_of_service', value: { kind: 'count' }, audience: EVERYONE },
  },
});

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
