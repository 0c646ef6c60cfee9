// The tax step's form on the generic step call (issue #6 step 6): the CRS self-certification with
// the FATCA questions, the TINs sealed, the HK/CN TIN prefilled from the sealed ID number, and
// the W-8BEN's citizenship when the US market is chosen.
import * as z from 'zod/mini';
import { draftText } from '../../text';
import type { StepForm } from '../step-form';
import {
  checkTinFromId,
  checkUsPerson,
  crsFormSchema,
  expandSealedTins,
  maskTin,
  NO_TIN_EXPLANATION_MAX,
  NO_TIN_REASONS,
  type SealedTinSources,
} from './crs';
import { checkNeedsW8ben, citizenshipFromId } from './w8ben';

export { maskTin };

/**
 * A tax draft's answers; `withTin`: as sent, each residency with the TIN typed (sealed before it is
 * stored), else as stored, with its mask only.
 */
function taxDraftSchema(withTin: boolean) {
  return z.partial(
    z.object({
      tax_residencies: z.array(
        z.object({
          country: z.string().check(z.regex(/^[A-Z]{2}$/)),
          ...(withTin ? { tin: z.optional(draftText(40, 'tin_format')) } : {}),
          tin_masked: z.optional(draftText(40, 'tin_format')),
          tin_from_id: z.optional(z.boolean()),
          tin_reason: z.optional(z.enum(NO_TIN_REASONS)),
          tin_reason_explanation: z.optional(draftText(NO_TIN_EXPLANATION_MAX)),
        }),
      ),
      us_citizen: z.boolean(),
      us_green_card: z.boolean(),
      us_born: z.boolean(),
      citizenship: z.string().check(z.regex(/^[A-Z]{2}$/)),
    }),
  );
}

/**
 * CRS self-certification (1–5 tax residencies, each with its TIN or reason A/B/C) and the US-person
 * questions: a US person cannot open online (issue #6 step 6). The TINs are sealed at rest; the
 * answers keep each residency with its TIN masked (and `tin_from_id` when it is the ID number).
 */
export const taxForm: StepForm = {
  draft: taxDraftSchema(false),
  draftInput: taxDraftSchema(true),
  schema: () => crsFormSchema() as unknown as z.ZodMiniType<Record<string, unknown>>,
  expandSealed: (answers, sealed) => {
    const sources: SealedTinSources = { idDocument: sealed.idDocument };
    try {
      const kept: unknown = sealed.own.tins ? JSON.parse(sealed.own.tins) : [];
      if (Array.isArray(kept)) sources.keptTins = kept as { country: string; tin: string }[];
    } catch {
      // a sealed value that is not JSON keeps nothing
    }
    return expandSealedTins(answers, sources);
  },
  check: (answers, ctx) => {
    const identity = ctx.facts.answers.identity ?? {};
    const residencies = (answers.tax_residencies as Record<string, unknown>[] | undefined) ?? [];
    const fields: Record<string, string> = {};
    const fromId = checkTinFromId({ tax_residencies: residencies });
    if (fromId) fields[`tax_residencies.${fromId.index}.tin`] = fromId.problem;
    const idCitizenship = citizenshipFromId(identity);
    const citizenship = typeof answers.citizenship === 'string' ? answers.citizenship : undefined;
    const problem = checkUsPerson({
      nationality: typeof identity.nationality === 'string' ? identity.nationality : undefined,
      otherNationalities: citizenship ? [citizenship] : [],
      taxResidencies: residencies.map((r) => String(r.country)),
      usCitizen: answers.us_citizen === true,
      greenCard: answers.us_green_card === true,
      usBorn: answers.us_born === true,
    });
    if (problem) fields.us_person = problem;
    // W-8BEN line 2: asked when the ID does not prove a citizenship (an HKID)
    else if (checkNeedsW8ben(ctx.facts) && !idCitizenship && !citizenship)
      fields.citizenship = 'citizenship_required';
    return fields;
  },
  seal: (answers) => {
    const residencies = Array.isArray(answers.tax_residencies)
      ? (answers.tax_residencies as Record<string, unknown>[])
      : [];
    const tins = residencies
      .filter((r) => typeof r.tin === 'string' && r.tin)
      .map((r) => ({ country: String(r.country), tin: String(r.tin) }));
    return {
      answers: {
        ...answers,
        ...(Array.isArray(answers.tax_residencies)
          ? {
              tax_residencies: residencies.map(({ tin, ...r }) =>
                typeof tin === 'string' && tin ? { ...r, tin_masked: maskTin(tin) } : r,
              ),
            }
          : {}),
      },
      sealed: {
        tins: tins.length
          ? {
              plain: JSON.stringify(tins),
              masked: tins.map((t) => `${t.country} ${maskTin(t.tin)}`).join(', '),
            }
          : null,
      },
    };
  },
};
