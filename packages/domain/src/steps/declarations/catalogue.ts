import { defineCatalogue, EVERYONE, type FieldSpec } from '../field-catalogue';
import type { StepSample } from '../types';
import { PEP_RELATIONS } from './form';

const yesNo = (label: string): FieldSpec => ({ label, value: { kind: 'boolean' }, audience: EVERYONE });
const typed = (label: string): FieldSpec => ({ label, value: { kind: 'text' }, audience: EVERYONE });

/** Each question as the screen asks it, its details after it. */
export const declarationsCatalogue = defineCatalogue({
  namespace: 'declarations',
  fields: {
    pep: yesNo('declarations:pep'),
    pep_relations: {
      label: 'declarations:pep_relations',
      value: { kind: 'choices', values: PEP_RELATIONS, key: (v) => `declarations:pep_relation_${v}` },
      audience: EVERYONE,
    },
    pep_details: typed('declarations:pep_details'),
    licensed_employee: yesNo('declarations:licensed_employee'),
    licensed_employer: typed('declarations:licensed_employer'),
    staff_relation: yesNo('declarations:staff_relation'),
    staff_relation_details: typed('declarations:staff_relation_details'),
    beneficial_owner: yesNo('declarations:beneficial_owner'),
    corporate_voting_35: yesNo('declarations:corporate_voting_35'),
    corporate_voting_details: typed('declarations:corporate_voting_details'),
    hkidr_consent: yesNo('declarations:hkidr_consent'),
    direct_marketing: yesNo('declarations:direct_marketing'),
  },
});

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
