// Every step's sample answers (steps/<step>/sample.ts), by step: a step without one fails the type
// check here. Tests and journeys read it by path (`@hk/domain/steps/samples`); no screen does.
import { accountTypeSample } from './account-type/sample';
import { addressSample } from './address/sample';
import { bankSample } from './bank/sample';
import { declarationsSample } from './declarations/sample';
import { employmentSample } from './employment/sample';
import { financialSample } from './financial/sample';
import { identitySample } from './identity/sample';
import { identityMediaSample } from './identity-media/sample';
import { investmentSample } from './investment/sample';
import { personalSample } from './personal/sample';
import { reviewSample } from './review/sample';
import { riskDisclosureSample } from './risk-disclosure/sample';
import { signatureSample } from './signature/sample';
import { taxSample } from './tax/sample';
import type { StepId, StepSample } from './types';

export const STEP_SAMPLES: Readonly<Record<StepId, StepSample>> = {
  identity: identitySample,
  address: addressSample,
  account_type: accountTypeSample,
  personal: personalSample,
  employment: employmentSample,
  financial: financialSample,
  tax: taxSample,
  declarations: declarationsSample,
  investment: investmentSample,
  risk_disclosure: riskDisclosureSample,
  identity_media: identityMediaSample,
  bank: bankSample,
  signature: signatureSample,
  review: reviewSample,
};
