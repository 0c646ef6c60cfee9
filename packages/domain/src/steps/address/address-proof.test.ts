import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../constants';
import {
  ADDRESS_PROOF_PROBLEMS,
  ADDRESS_PROOF_TYPES,
  type AddressProofInput,
  checkAddressProof,
  checkIsAddressProofType,
  checkIsHkDistrict,
  HK_DISTRICT_CODES,
  HK_DISTRICTS,
  hkDistrictName,
} from './address-proof';

const TODAY = '2026-05-31';
const good: AddressProofInput = {
  type: 'utility_bill',
  issuedOn: '2026-05-01',
  images: 1,
  pdf: 0,
  confirmedMachinePrinted: true,
};

describe('ADDRESS_PROOF_TYPES (spec §5: the six kinds)', () => {
  it('are exactly the six kinds of the spec', () => {
    expect([...ADDRESS_PROOF_TYPES].sort()).toEqual(
      [
        'bank_record',
        'financial_institution_letter',
        'phone_bill',
        'rental_contract',
        'residence_permit',
        'utility_bill',
      ].sort(),
    );
  });
  it.each(ADDRESS_PROOF_TYPES)('%s is accepted', (type) => {
    const extra = type === 'rental_contract' ? { rentalMonths: 12 } : {};
    expect(checkAddressProof({ ...good, type, ...extra }, TODAY)).toEqual([]);
    expect(checkIsAddressProofType(type)).toBe(true);
  });
  it.each([undefined, '', 'passport', 'UTILITY_BILL', 'utility bill', 'toString'])(
    '%j is refused',
    (type) => {
      expect(checkAddressProof({ ...good, type }, TODAY)).toEqual(['address_proof_type_required']);
      expect(checkIsAddressProofType(type)).toBe(false);
    },
  );
  it('does not accept non-strings', () => {
    expect(checkIsAddressProofType(1)).toBe(false);
    expect(checkIsAddressProofType(null)).toBe(false);
  });
});

describe('rental contract of at least 1 month (spec §5)', () => {
  const rental = { ...good, type: 'rental_contract' };
  it.each([1, 2, 12, 24])('%d months is accepted', (rentalMonths) => {
    expect(checkAddressProof({ ...rental, rentalMonths }, TODAY)).toEqual([]);
  });
  it.each([undefined, 0, -1, 0.5, Number.NaN])('%j months is refused', (rentalMonths) => {
    expect(checkAddressProof({ ...rental, rentalMonths }, TODAY)).toEqual(['address_proof_rental_too_short']);
  });
  it('the term is not asked of other kinds', () => {
    expect(checkAddressProof({ ...good, rentalMonths: 0 }, TODAY)).toEqual([]);
  });
});

describe('date of issue: within 3 months (spec §5, earliestProofDate)', () => {
  it.each([
    ['2026-02-28', TODAY, []], // 31 May → 28 February (clamped to month end)
    ['2026-02-27', TODAY, ['address_proof_too_old']],
    [TODAY, TODAY, []],
    ['2026-06-01', TODAY, ['address_proof_in_future']],
    ['2026-02-15', '2026-05-15', []],
    ['2026-02-14', '2026-05-15', ['address_proof_too_old']],
    ['2028-02-29', '2028-05-31', []],
    ['2028-02-28', '2028-05-31', ['address_proof_too_old']],
    ['2025-12-15', '2026-03-15', []],
    ['2025-12-14', '2026-03-15', ['address_proof_too_old']],
  ])('issued %s, today %s → %j', (issuedOn, today, expected) => {
    expect(checkAddressProof({ ...good, issuedOn }, today)).toEqual(expected);
  });
  it.each([undefined, '', '2026-02-30', '31/05/2026'])('%j is date_required', (issuedOn) => {
    expect(checkAddressProof({ ...good, issuedOn }, TODAY)).toEqual(['address_proof_date_required']);
  });
});

describe('files: 1–3 images or exactly one PDF, not both', () => {
  it.each([
    [1, 0, []],
    [2, 0, []],
    [3, 0, []],
    [0, 1, []],
    [0, 0, ['address_proof_file_required']],
    [4, 0, ['address_proof_too_many']],
    [0, 2, ['address_proof_too_many']],
    [1, 1, ['address_proof_too_many']],
    [3, 1, ['address_proof_too_many']],
    [-1, 0, ['address_proof_file_required']],
    [Number.NaN, 0, ['address_proof_file_required']],
  ])('%d images, %d PDFs → %j', (images, pdf, expected) => {
    expect(checkAddressProof({ ...good, images, pdf }, TODAY)).toEqual(expected);
  });
});

describe('confirmation: machine-printed with name, address and a chop (spec §5)', () => {
  it.each([undefined, false])('%j is refused', (confirmedMachinePrinted) => {
    expect(checkAddressProof({ ...good, confirmedMachinePrinted }, TODAY)).toEqual([
      'address_proof_confirmation_required',
    ]);
  });
});

describe('several problems at once, in the order of ADDRESS_PROOF_PROBLEMS', () => {
  it('an empty proof', () => {
    expect(checkAddressProof({ images: 0, pdf: 0 }, TODAY)).toEqual([
      'address_proof_type_required',
      'address_proof_date_required',
      'address_proof_file_required',
      'address_proof_confirmation_required',
    ]);
  });
  it('a short rental contract, too old, with too many files, unconfirmed', () => {
    const problems = checkAddressProof(
      { type: 'rental_contract', rentalMonths: 0, issuedOn: '2025-01-01', images: 2, pdf: 1 },
      TODAY,
    );
    expect(problems).toEqual([
      'address_proof_rental_too_short',
      'address_proof_too_old',
      'address_proof_too_many',
      'address_proof_confirmation_required',
    ]);
    expect(problems).toEqual(
      ADDRESS_PROOF_PROBLEMS.filter((p) => (problems as readonly string[]).includes(p)),
    );
  });
});

describe('HK_DISTRICTS: the 18 districts of Hong Kong', () => {
  it('has 18 districts with distinct snake_case codes', () => {
    expect(HK_DISTRICTS).toHaveLength(18);
    expect(new Set(HK_DISTRICT_CODES).size).toBe(18);
    for (const code of HK_DISTRICT_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
  it('4 on Hong Kong Island, 5 in Kowloon, 9 in the New Territories', () => {
    const byArea = (area: string) => HK_DISTRICTS.filter((d) => d.area === area).map((d) => d.name.en);
    expect(byArea('hong_kong_island')).toEqual(['Central and Western', 'Wan Chai', 'Eastern', 'Southern']);
    expect(byArea('kowloon')).toEqual([
      'Yau Tsim Mong',
      'Sham Shui Po',
      'Kowloon City',
      'Wong Tai Sin',
      'Kwun Tong',
    ]);
    expect(byArea('new_territories').sort()).toEqual(
      [
        'Kwai Tsing',
        'Tsuen Wan',
        'Tuen Mun',
        'Yuen Long',
        'North',
        'Tai Po',
        'Sha Tin',
        'Sai Kung',
        'Islands',
      ].sort(),
    );
  });
  it.each(LANGUAGES)('every district has a distinct, non-empty %s name', (lang) => {
    const names = HK_DISTRICTS.map((d) => d.name[lang]);
    expect(names.every((n) => n.trim().length > 0)).toBe(true);
    expect(new Set(names).size).toBe(18);
  });
  it('Chinese names end in 區 (Traditional) or 区 (Simplified), and differ only in script', () => {
    for (const d of HK_DISTRICTS) {
      expect(d.name['zh-HK'].endsWith('區'), d.code).toBe(true);
      expect(d.name['zh-CN'].endsWith('区'), d.code).toBe(true);
      expect([...d.name['zh-CN']].length, d.code).toBe([...d.name['zh-HK']].length);
    }
  });
  it('names a few districts as the Home Affairs Department does', () => {
    expect(hkDistrictName('central_and_western', 'zh-HK')).toBe('中西區');
    expect(hkDistrictName('central_and_western', 'zh-CN')).toBe('中西区');
    expect(hkDistrictName('sham_shui_po', 'zh-HK')).toBe('深水埗區');
    expect(hkDistrictName('kowloon_city', 'zh-CN')).toBe('九龙城区');
    expect(hkDistrictName('islands', 'zh-HK')).toBe('離島區');
    expect(hkDistrictName('islands', 'en')).toBe('Islands');
    expect(hkDistrictName('wan_chai', 'zh-CN')).toBe('湾仔区');
  });
  it('checkIsHkDistrict knows the codes and nothing else', () => {
    expect(checkIsHkDistrict('sha_tin')).toBe(true);
    expect(checkIsHkDistrict('Sha Tin')).toBe(false);
    expect(checkIsHkDistrict('macau')).toBe(false);
    expect(checkIsHkDistrict(undefined)).toBe(false);
    expect(hkDistrictName('macau', 'en')).toBeUndefined();
  });
});
