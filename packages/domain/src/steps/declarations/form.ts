// The declarations a Hong Kong broker collects (issue #6 step 7), on the generic step call.
import * as z from 'zod/mini';
import { formBoolean, formList } from '../../contracts/common.schema';
import { draftText, typedText } from '../../text';
import type { StepForm } from '../step-form';

/** Details of a "yes" answer: at most 300 characters. */
export const DECLARATION_DETAILS_MAX = 300;
/** spec §9: text inputs at most 200 characters. */
export const LICENSED_EMPLOYER_MAX = 200;

/**
 * SFC Guideline on Anti-Money Laundering and Counter-Financing of Terrorism, chapter 4.9: a
 * politically exposed person, a family member of one, or a close associate of one.
 */
export const PEP_RELATIONS = ['self', 'family_member', 'close_associate'] as const;
export type PepRelation = (typeof PEP_RELATIONS)[number];

/** The yes/no questions of the step, in the order the screen asks them. */
export const DECLARATION_QUESTIONS = [
  'pep',
  'licensed_employee',
  'staff_relation',
  'beneficial_owner',
  'corporate_voting_35',
  'hkidr_consent',
] as const;

function formBooleanRequired(key: string) {
  return z.pipe(
    z.transform((v: unknown) =>
      v === true || v === 'true' || v === '1' || v === 1
        ? true
        : v === false || v === 'false' || v === '0' || v === 0
          ? false
          : undefined,
    ),
    z.boolean({ error: key }),
  );
}
const details = (key: string) =>
  z.optional(typedText({ max: DECLARATION_DETAILS_MAX, tooLongKey: key, typeKey: key }));

/** The whole declarations form, as the screen validates it and the server parses it again. */
export function declarationsFormSchema() {
  return z
    .object({
      pep: formBooleanRequired('declaration_answer_required'),
      pep_relations: z.optional(
        formList(z.enum(PEP_RELATIONS, { error: 'pep_relation_required' })).check(
          z.refine((v) => new Set(v).size === v.length, 'pep_relation_required'),
        ),
      ),
      pep_details: details('declaration_details_required'),
      licensed_employee: formBooleanRequired('declaration_answer_required'),
      licensed_employer: z.optional(
        typedText({
          max: LICENSED_EMPLOYER_MAX,
          tooLongKey: 'licensed_employer_required',
          typeKey: 'licensed_employer_required',
        }),
      ),
      staff_relation: formBooleanRequired('declaration_answer_required'),
      staff_relation_details: details('declaration_details_required'),
      beneficial_owner: formBooleanRequired('declaration_answer_required'),
      corporate_voting_35: formBooleanRequired('declaration_answer_required'),
      corporate_voting_details: details('declaration_details_required'),
      hkidr_consent: formBooleanRequired('declaration_answer_required'),
      // a separate opt-in (PDPO s.35C): absent means no
      direct_marketing: z._default(formBoolean, false),
    })
    .check(
      z.superRefine((v, ctx) => {
        const need = (when: boolean, field: string, ok: boolean, key: string) => {
          if (when && !ok) ctx.addIssue({ code: 'custom', path: [field], message: key, input: v });
        };
        need(v.pep, 'pep_relations', (v.pep_relations?.length ?? 0) > 0, 'pep_relation_required');
        need(v.pep, 'pep_details', !!v.pep_details, 'declaration_details_required');
        need(v.licensed_employee, 'licensed_employer', !!v.licensed_employer, 'licensed_employer_required');
        need(
          v.staff_relation,
          'staff_relation_details',
          !!v.staff_relation_details,
          'declaration_details_required',
        );
        need(
          v.corporate_voting_35,
          'corporate_voting_details',
          !!v.corporate_voting_details,
          'declaration_details_required',
        );
      }),
      // the details of a "no" are not kept
      z.overwrite((v) => ({
        ...v,
        pep_relations: v.pep ? v.pep_relations : undefined,
        pep_details: v.pep ? v.pep_details : undefined,
        licensed_employer: v.licensed_employee ? v.licensed_employer : undefined,
        staff_relation_details: v.staff_relation ? v.staff_relation_details : undefined,
        corporate_voting_details: v.corporate_voting_35 ? v.corporate_voting_details : undefined,
      })),
    );
}

/** Rules beyond the form: the beneficial owner, and the employer's consent uploaded. */
export function checkDeclarations(
  answers: { beneficial_owner?: unknown; licensed_employee?: unknown },
  documentCounts: Readonly<Record<string, number>>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  // SFC Code of Conduct 5.4 / AML guideline: the account must be the person's own, the instructions theirs
  if (answers.beneficial_owner !== true) fields.beneficial_owner = 'beneficial_owner_not_online';
  // SFC Code of Conduct 12.4: the employer's written consent, uploaded as `employer_consent`
  if (answers.licensed_employee === true && !(documentCounts.employer_consent ?? 0))
    fields.employer_consent = 'employer_consent_required';
  return fields;
}

/**
 * Politically exposed person (self, family member, close associate), employee or director of an
 * SFC-licensed corporation or registered institution (the employer's consent), relation to the
 * broker's staff, beneficial owner and ultimate originator of the instructions (else not online),
 * 35% of a corporate margin client's voting rights (spec §9), the HKIDR consent (without it the
 * account can only sell) and a separate direct-marketing opt-in, off unless given.
 */
export const declarationsForm: StepForm = {
  draft: z.partial(
    z.object({
      pep: z.boolean(),
      pep_relations: z.array(z.enum(PEP_RELATIONS)),
      pep_details: draftText(DECLARATION_DETAILS_MAX),
      licensed_employee: z.boolean(),
      licensed_employer: draftText(LICENSED_EMPLOYER_MAX),
      staff_relation: z.boolean(),
      staff_relation_details: draftText(DECLARATION_DETAILS_MAX),
      beneficial_owner: z.boolean(),
      corporate_voting_35: z.boolean(),
      corporate_voting_details: draftText(DECLARATION_DETAILS_MAX),
      hkidr_consent: z.boolean(),
      direct_marketing: z.boolean(),
    }),
  ),
  schema: () => declarationsFormSchema() as unknown as z.ZodMiniType<Record<string, unknown>>,
  check: (answers, ctx) => checkDeclarations(answers, ctx.documentCounts),
};
