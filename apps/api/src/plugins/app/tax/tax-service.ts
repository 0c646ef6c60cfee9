import type { TaxPrefill } from '@hk/domain/steps/tax/contracts';
import { maskTin, prefillTin } from '@hk/domain/steps/tax/crs';
import { buildW8ben, checkNeedsW8ben, citizenshipFromId } from '@hk/domain/steps/tax/w8ben';
import type { AppContext } from '../../../context';
import { requireApplication } from '../application/application-access';
import { listStepRows } from '../steps/step-repository';
import { factsOf } from '../steps/step-service';

/**
 * What the tax screen shows beyond its answers (docs/api/steps/tax.md): the TIN its ID gives,
 * masked (the ID number is decrypted here only to check and mask it, and never leaves the server),
 * and, with the US market, the W-8BEN's content from the saved answers.
 */
export async function fetchTaxPrefill(ctx: AppContext, userId: string): Promise<TaxPrefill> {
  const app = await requireApplication(ctx, userId);
  const rows = await listStepRows(ctx.db, app.id);
  const facts = factsOf(app, rows);
  const identity = rows.find((r) => r.step === 'identity');
  const idType = identity?.answers.id_type;
  const sealedId = identity?.sealed.id_number;
  const prefill =
    sealedId && (idType === 'hk_id' || idType === 'cn_id')
      ? prefillTin(idType, ctx.vault.decrypt(sealedId.sealed))
      : undefined;
  const needsW8ben = checkNeedsW8ben(facts);
  const nationality = identity?.answers.nationality;
  return {
    tin_from_id:
      prefill && (idType === 'hk_id' || idType === 'cn_id')
        ? { country: prefill.country, tin_masked: maskTin(prefill.tin), id_type: idType }
        : null,
    citizenship_from_id: citizenshipFromId(identity?.answers),
    us_national: typeof nationality === 'string' && nationality.toUpperCase() === 'US',
    w8ben_required: needsW8ben,
    w8ben: needsW8ben ? buildW8ben({ answers: facts.answers }) : null,
  };
}
