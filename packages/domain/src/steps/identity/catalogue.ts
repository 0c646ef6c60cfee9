import { countryName } from '../../countries';
import { ID_LOCATIONS, ID_TYPES } from '../../id-documents';
import { defineCatalogue, EVERYONE } from '../field-catalogue';

/** The identity step's answers, in the order its screens ask them. */
export const identityCatalogue = defineCatalogue({
  namespace: 'id',
  fields: {
    id_location: {
      label: 'review:field_id_location',
      value: { kind: 'choice', values: ID_LOCATIONS, key: (v) => `id:location_${v.toLowerCase()}` },
      audience: EVERYONE,
    },
    nationality: {
      label: 'id:nationality_label',
      value: { kind: 'named', name: countryName },
      audience: EVERYONE,
    },
    id_type: {
      label: 'id:id_type',
      value: { kind: 'choice', values: ID_TYPES, key: (v) => `id:id_type_${v}` },
      audience: EVERYONE,
    },
    id_number: { label: 'id:id_number', value: { kind: 'sealed' }, audience: EVERYONE },
    chinese_name: { label: 'id:chinese_name', value: { kind: 'text' }, audience: EVERYONE },
    english_surname: { label: 'id:english_surname', value: { kind: 'text' }, audience: EVERYONE },
    english_given_name: { label: 'id:english_given_name', value: { kind: 'text' }, audience: EVERYONE },
    name_matches_bank: { label: 'id:name_matches_bank', value: { kind: 'boolean' }, audience: EVERYONE },
    gender: {
      label: 'id:gender',
      value: { kind: 'choice', values: ['M', 'F'], key: (v) => `id:gender_${v.toLowerCase()}` },
      audience: EVERYONE,
    },
    birth_date: { label: 'id:birth_date', value: { kind: 'date' }, audience: EVERYONE },
  },
});
