import * as z from 'zod/mini';
import { GENDERS, ID_LOCATIONS, ID_TYPES } from '../../id-documents';
import { draftText } from '../../text';
import { always, type StepDefinition } from '../types';

/** ID photos the identity step needs: spec §5 'upload the ID front and back'. */
export const IDENTITY_DOCUMENT_KINDS = ['id_front', 'id_back'] as const;

/**
 * Identity: where the ID is from (location, nationality), both ID photos, then the details the
 * person confirms (names, ID type and number, gender, birth date). The confirmation is parsed by
 * `idDetailsSchema` (contracts/application.schema.ts), which the form uses too; what is stored
 * between screens is parsed by `answers`. The ID number is sealed at rest.
 */
export const identityStep: StepDefinition = {
  id: 'identity',
  stage: 10,
  answers: z.partial(
    z.object({
      id_location: z.enum(ID_LOCATIONS),
      nationality: z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/))),
      id_type: z.enum(ID_TYPES),
      chinese_name: draftText(20),
      english_surname: draftText(100),
      english_given_name: draftText(100),
      name_matches_bank: z.boolean(),
      gender: z.enum(GENDERS),
      birth_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    }),
  ),
  sealedFields: ['id_number'],
  documents: IDENTITY_DOCUMENT_KINDS.map((kind) => ({ kind, min: 1, max: 1 })),
  appliesTo: always,
  dependsOn: [],
};

/** The fields of the identity step that name the person or their ID (bank and agreements rest on them). */
export const IDENTITY_NAME_AND_ID_FIELDS = [
  'id_location',
  'nationality',
  'id_type',
  'id_number',
  'chinese_name',
  'english_surname',
  'english_given_name',
] as const;
