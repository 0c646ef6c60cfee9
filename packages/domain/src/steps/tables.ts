// Every per-step table beyond the definitions (registry.ts), keyed by step id (issue #23, decision
// 028): a step missing from any of them fails the type check here, in this one file. Kept apart from
// registry.ts, which the login screen loads: the forms, the catalogues and the samples must not be on
// its first load. Each table is a plain object literal, so the web build keeps only the ones a chunk
// reads (the samples, test data, are in no chunk: no screen imports STEP_SAMPLES).

import { accountTypeCatalogue, accountTypeSample } from './account-type/catalogue';
import { accountTypeForm } from './account-type/form';
import { addressCatalogue, addressSample } from './address/catalogue';
import { addressForm } from './address/form';
import { bankCatalogue, bankSample } from './bank/catalogue';
import { bankForm } from './bank/form';
import { declarationsCatalogue, declarationsSample } from './declarations/catalogue';
import { declarationsForm } from './declarations/form';
import { employmentCatalogue, employmentSample } from './employment/catalogue';
import { employmentForm } from './employment/form';
import type { StepCatalogue } from './field-catalogue';
import { financialCatalogue, financialSample } from './financial/catalogue';
import { financialForm } from './financial/form';
import { identityCatalogue, identitySample } from './identity/catalogue';
import { identityMediaCatalogue, identityMediaSample } from './identity-media/catalogue';
import { identityMediaForm } from './identity-media/form';
import { investmentCatalogue, investmentSample } from './investment/catalogue';
import { investmentForm } from './investment/form';
import { personalCatalogue, personalSample } from './personal/catalogue';
import { personalForm } from './personal/form';
import { reviewCatalogue, reviewSample } from './review/catalogue';
import { riskDisclosureCatalogue, riskDisclosureSample } from './risk-disclosure/catalogue';
import { signatureCatalogue, signatureSample } from './signature/catalogue';
import type { StepForm } from './step-form';
import { taxCatalogue, taxSample } from './tax/catalogue';
import { taxForm } from './tax/form';
import type { StepId, StepSample } from './types';

/**
 * Every step's form on the generic call (steps/<step>/form.ts), or `null` for a step passed by calls
 * of its own (the ID step, the recording, the signature, the review).
 */
export const STEP_FORMS: Readonly<Record<StepId, StepForm | null>> = {
  identity: null,
  address: addressForm,
  account_type: accountTypeForm,
  personal: personalForm,
  employment: employmentForm,
  financial: financialForm,
  tax: taxForm,
  declarations: declarationsForm,
  investment: investmentForm,
  risk_disclosure: null,
  identity_media: identityMediaForm,
  bank: bankForm,
  signature: null,
  review: null,
};

/** Every step's field catalogue (steps/<step>/catalogue.ts); read through `steps/catalogues.ts`. */
export const FIELD_CATALOGUES: Readonly<Record<StepId, StepCatalogue>> = {
  identity: identityCatalogue,
  address: addressCatalogue,
  account_type: accountTypeCatalogue,
  personal: personalCatalogue,
  employment: employmentCatalogue,
  financial: financialCatalogue,
  tax: taxCatalogue,
  declarations: declarationsCatalogue,
  investment: investmentCatalogue,
  risk_disclosure: riskDisclosureCatalogue,
  identity_media: identityMediaCatalogue,
  bank: bankCatalogue,
  signature: signatureCatalogue,
  review: reviewCatalogue,
};

/**
 * Every step's sample answers (beside its catalogue, in steps/<step>/catalogue.ts): the catalogue
 * test, the API tests' helpers and the e2e journeys walk the registry with them. Tests only.
 */
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
