import type { StepId } from '@hk/domain';
import { ROUTES } from '../../../app/routes';

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

/** The steps that have a screen, in the flow's order. */
export const SCREEN_STEPS = [
  'identity',
  'address',
  'account_type',
  'personal',
  'employment',
  'financial',
  'tax',
  'declarations',
  'investment',
  'risk_disclosure',
  'identity_media',
  'bank',
  'signature',
  'review',
] as const satisfies readonly StepId[];

export function checkHasScreen(step: StepId): boolean {
  return (SCREEN_STEPS as readonly StepId[]).includes(step);
}
