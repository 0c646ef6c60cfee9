import { defineCatalogue, EVERYONE, type FieldSpec } from '../field-catalogue';
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
