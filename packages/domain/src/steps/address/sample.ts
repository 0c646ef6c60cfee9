import type { StepSample } from '../types';

/** Valid answers of the address step, which the catalogue test, the API helpers and the journeys walk. */
export const addressSample = {
  saved: [
    {
      answers: {
        region: 'HK',
        district: 'sha_tin',
        detail: 'Flat 3A, 12 Tai Po Road',
        correspondence_same: false,
        corr_region: 'OTHER',
        corr_country: 'GB',
        corr_detail: '10 Downing Street, London',
        corr_postal_code: 'SW1A 2AA',
        proof_type: 'rental_contract',
        proof_rental_months: 12,
        proof_issued_on: '2026-10-01',
        proof_confirmed: true,
      },
      sealed: {},
    },
    {
      answers: {
        region: 'CN',
        province_code: '440000',
        city_code: '440300',
        county_code: '440305',
        detail: '科技园南区 1 栋 101',
        postal_code: '518000',
        correspondence_same: false,
        corr_region: 'HK',
        corr_district: 'wan_chai',
        corr_detail: '灣仔道 1 號',
        proof_type: 'bank_record',
        proof_issued_on: '2026-10-15',
        proof_confirmed: true,
      },
      sealed: {},
    },
    {
      answers: {
        region: 'OTHER',
        country: 'GB',
        detail: '1 High Street\nOxford',
        postal_code: 'OX1 1AA',
        correspondence_same: true,
        proof_type: 'utility_bill',
        proof_issued_on: '2026-11-02',
        proof_confirmed: true,
      },
      sealed: {},
    },
  ],
  form: {
    region: 'HK',
    district: 'wan_chai',
    detail: 'Flat 12A, 88 Hennessy Road',
    correspondence_same: true,
    proof_type: 'utility_bill',
    proof_issued_on: '2026-01-01',
    proof_confirmed: true,
  },
} satisfies StepSample;
