// Account-type rules (spec §4 margin rules, §5 asset-proof rule, §9 constants; issue #6 step 2).
// Checked by the account-type form and again by the server, and re-run when a step they rest on
// (employment, identity's birth date, investment's derivatives knowledge) is saved.
import { MARGIN_AGE_THRESHOLD } from '../../constants';
import { ageOn, checkIsIsoDate } from '../../id-documents';
import { ASSET_PROOF_TYPES, checkIsMarginRefusedToStudent } from './definition';

export { ASSET_PROOF_TYPES };

/** spec §5, §9: an asset or income proof must EXCEED HKD 500,000 (500,000.00 itself is refused). */
export const ASSET_PROOF_MIN_EXCLUSIVE_CENTS = 50_000_000;
/** spec §5, §9: address and asset proofs must be dated within 3 months. */
export const PROOF_MAX_AGE_MONTHS = 3;
/** issue #6 step 2: the asset proof is uploaded as 1–3 images, like the address proof (./definition.ts). */
export const ASSET_PROOF_MAX_IMAGES = 3;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * The earliest issue date a proof may carry on `today` (Hong Kong, YYYY-MM-DD) to be "within 3
 * months": the same day of the month three calendar months back, or that month's last day when it
 * is shorter (2026-05-31 → 2026-02-28; 2028-05-31 → 2028-02-29). A proof issued on that day counts;
 * one issued the day before is refused.
 */
export function earliestProofDate(today: string): string {
  if (!checkIsIsoDate(today)) throw new RangeError(`today must be a YYYY-MM-DD date: ${today}`);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const monthIndex = y * 12 + (m - 1) - PROOF_MAX_AGE_MONTHS;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(Math.min(d, daysInMonth(year, month)), 2)}`;
}

/** Not message keys: each proof maps them to its own ('asset_proof_too_old', 'address_proof_too_old'). */
export type ProofDateFault = 'date_required' | 'too_old' | 'in_future';

/**
 * The issue date of a proof against `today` (Hong Kong): from earliestProofDate(today) to today,
 * both included. ISO dates compare as strings.
 */
export function checkProofDate(issuedOn: string | undefined, today: string): ProofDateFault | null {
  if (!issuedOn || !checkIsIsoDate(issuedOn)) return 'date_required';
  if (issuedOn > today) return 'in_future';
  if (issuedOn < earliestProofDate(today)) return 'too_old';
  return null;
}

export type AccountTypeChoice = { securities: 'cash' | 'margin'; futures: boolean };

export type AssetProofType = (typeof ASSET_PROOF_TYPES)[number];

export type AssetProof = {
  /** One of ASSET_PROOF_TYPES. */
  type?: string | undefined;
  /** HKD minor units (cents). */
  amountCents: number;
  currency: 'HKD';
  /** YYYY-MM-DD. */
  issuedOn: string;
  /** How many images of the proof are uploaded. */
  images: number;
};

export type AccountTypeFacts = {
  /** Employment step's status; undefined until that step is saved (it comes later in the flow). */
  employmentStatus?: string | undefined;
  /** YYYY-MM-DD from the ID step. */
  birthDate?: string | undefined;
  /** Today in Hong Kong (hongKongToday), YYYY-MM-DD. */
  today: string;
  /** Investment step's answer (SFC Code of Conduct 5.1A); undefined until that step is saved. */
  hasDerivativesKnowledge?: boolean | undefined;
  assetProof?: AssetProof | undefined;
};

/** In the order checkAccountType reports them. */
export const ACCOUNT_TYPE_PROBLEMS = [
  'margin_not_for_students',
  'margin_needs_asset_proof',
  'asset_proof_type_required',
  'asset_proof_too_low',
  'asset_proof_date_required',
  'asset_proof_too_old',
  'asset_proof_in_future',
  'asset_proof_too_many',
  'futures_needs_derivatives_knowledge',
] as const satisfies readonly AccountTypeProblem[];

export type AccountTypeProblem =
  | 'margin_not_for_students'
  | 'margin_needs_asset_proof'
  | 'asset_proof_type_required'
  | 'asset_proof_too_low'
  | 'asset_proof_date_required'
  | 'asset_proof_too_old'
  | 'asset_proof_in_future'
  | 'asset_proof_too_many'
  | 'futures_needs_derivatives_knowledge';

/**
 * spec §4: margin for someone aged MARGIN_AGE_THRESHOLD (65) or over on `today` in Hong Kong needs an
 * asset or income proof. Birthdays count as ageOn does (born 29 February: 1 March in other years,
 * as Hong Kong's Age of Majority (Related Provisions) Ordinance, Cap. 410 s.5). No birth date yet:
 * not required; the ID step comes first and a change of birth date re-runs this rule.
 */
export function checkIsAssetProofRequired(
  securities: AccountTypeChoice['securities'],
  birthDate: string | undefined,
  today: string,
): boolean {
  return (
    securities === 'margin' &&
    !!birthDate &&
    checkIsIsoDate(birthDate) &&
    ageOn(birthDate, today) >= MARGIN_AGE_THRESHOLD
  );
}

function checkAssetProof(proof: AssetProof | undefined, today: string): AccountTypeProblem[] {
  // No proof is no proof: the person gives one or switches to cash.
  if (!proof) return ['margin_needs_asset_proof'];
  const problems: AccountTypeProblem[] = [];
  // Nothing uploaded is no proof either; what was typed is still checked, so a too-low amount is said
  // at once, not only after the upload.
  if (!(Number.isInteger(proof.images) && proof.images > 0)) problems.push('margin_needs_asset_proof');
  if (!(ASSET_PROOF_TYPES as readonly (string | undefined)[]).includes(proof.type))
    problems.push('asset_proof_type_required');
  // spec §5: "must exceed HKD 500,000". A value that is not a whole number of cents proves nothing.
  if (!(Number.isSafeInteger(proof.amountCents) && proof.amountCents > ASSET_PROOF_MIN_EXCLUSIVE_CENTS))
    problems.push('asset_proof_too_low');
  const date = checkProofDate(proof.issuedOn, today);
  if (date === 'date_required') problems.push('asset_proof_date_required');
  if (date === 'too_old') problems.push('asset_proof_too_old');
  if (date === 'in_future') problems.push('asset_proof_in_future');
  if (proof.images > ASSET_PROOF_MAX_IMAGES) problems.push('asset_proof_too_many');
  return problems;
}

/**
 * Every reason the chosen account type cannot stand, in the order of ACCOUNT_TYPE_PROBLEMS; empty when
 * it can. Each key names its way out on the screen: switch to cash, upload a proof, drop futures.
 */
export function checkAccountType(choice: AccountTypeChoice, facts: AccountTypeFacts): AccountTypeProblem[] {
  const problems: AccountTypeProblem[] = [];
  if (checkIsMarginRefusedToStudent(facts.employmentStatus, choice.securities)) {
    // spec §4: a student cannot open margin and is offered cash. Cash also settles the age rule, so
    // asking a student for an asset proof would only mislead.
    problems.push('margin_not_for_students');
  } else if (checkIsAssetProofRequired(choice.securities, facts.birthDate, facts.today)) {
    problems.push(...checkAssetProof(facts.assetProof, facts.today));
  }
  // SFC Code of Conduct 5.1A: derivatives (futures) need derivatives knowledge. Unknown until the
  // investment step is saved; saving it re-runs this rule (steps/account-type/definition.ts dependsOn).
  if (choice.futures && facts.hasDerivativesKnowledge === false) {
    problems.push('futures_needs_derivatives_knowledge');
  }
  return problems;
}
