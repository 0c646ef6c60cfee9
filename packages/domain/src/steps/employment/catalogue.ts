import { defineCatalogue, EVERYONE } from '../field-catalogue';
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
