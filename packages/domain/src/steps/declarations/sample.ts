import type { StepSample } from '../types';

/** Valid answers of the declarations step, which the catalogue test, the API helpers and the journeys walk. */
export const declarationsSample = {
  saved: [
    {
      answers: {
        pep: true,
        pep_relations: ['close_associate', 'self'],
        pep_details: 'Member of the District Council',
        licensed_employee: true,
        licensed_employer: 'Harbour Securities Ltd',
        staff_relation: true,
        staff_relation_details: 'Cousin of Mr Lee',
        beneficial_owner: true,
        corporate_voting_35: true,
        corporate_voting_details: 'Chan Trading Ltd, 40%',
        hkidr_consent: true,
        direct_marketing: false,
      },
      sealed: {},
    },
  ],
  form: {
    pep: false,
    licensed_employee: false,
    staff_relation: false,
    beneficial_owner: true,
    corporate_voting_35: false,
    hkidr_consent: true,
    direct_marketing: false,
  },
} satisfies StepSample;
