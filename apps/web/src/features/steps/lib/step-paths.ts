import type { StepId } from '@hk/domain';
import { ROUTES } from '../../../app/routes';

/**
 * The screen of each step (docs/flow-routes.md). Steps of the second part of the flow (issue #7)
 * have no screen yet: the person lands on the progress page, which says so.
 */
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
  risk_disclosure: ROUTES.progress.path,
  identity_media: ROUTES.progress.path,
  bank: ROUTES.progress.path,
  signature: ROUTES.progress.path,
  review: ROUTES.progress.path,
};

/** The steps of this part of the flow that have a screen, in the flow's order. */
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
] as const satisfies readonly StepId[];

export function checkHasScreen(step: StepId): boolean {
  return (SCREEN_STEPS as readonly StepId[]).includes(step);
}
