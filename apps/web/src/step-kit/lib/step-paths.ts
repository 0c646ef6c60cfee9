import { STEP_IDS, type StepId } from '@hk/domain';
import { ROUTES } from '../../app/routes';

/** The screen of each step (docs/flow-routes.md). */
export const STEP_PATHS: Record<StepId, string> = {
  identity: ROUTES.idLocation.path,
  address: ROUTES.address.path,
  account_type: ROUTES.accountTypeStep.path,
  personal: ROUTES.personal.path,
  employment: ROUTES.employment.path,
  financial: ROUTES.financial.path,
  tax: ROUTES.tax.path,
  declarations: ROUTES.declarations.path,
  investment: ROUTES.investment.path,
  risk_disclosure: ROUTES.riskDisclosure.path,
  identity_media: ROUTES.identityMedia.path,
  bank: ROUTES.bank.path,
  signature: ROUTES.signature.path,
  review: ROUTES.review.path,
};

/**
 * The steps that have a screen, in the flow's order: every step has one (STEP_PATHS is a record
 * over every StepId, so a step without a screen fails the type check), so this is the domain's list.
 */
export const SCREEN_STEPS = STEP_IDS;

export function checkHasScreen(step: StepId): boolean {
  return Object.hasOwn(STEP_PATHS, step);
}
