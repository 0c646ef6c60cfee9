// Address and its proof (spec §5 address-proof rule; issue #6 step 1).
import { type Language, UPLOAD_MAX_BYTES } from '../../constants';
import { checkProofDate } from '../account-type/account-rules';

/** spec §5: the six kinds of address proof accepted. */
export const ADDRESS_PROOF_TYPES = [
  'residence_permit',
  'phone_bill',
  'rental_contract',
  'bank_record',
  'utility_bill',
  'financial_institution_letter',
] as const;
export type AddressProofType = (typeof ADDRESS_PROOF_TYPES)[number];

/** spec §5: a rental contract counts only when its term is at least 1 month. */
export const RENTAL_CONTRACT_MIN_MONTHS = 1;
/** spec §5, issue #6 step 1: 1–3 images, or one PDF e-statement instead. */
export const ADDRESS_PROOF_MAX_IMAGES = 3;

/** A PDF document's stored type: kept as uploaded (sealed), only ever served as a download. */
export const PDF_MIME = 'application/pdf';
/** issue #6 step 1: the document kinds a PDF e-statement is accepted for (every other kind: images only). */
export const PDF_DOCUMENT_KINDS = ['address_proof'] as const;
/**
 * A PDF e-statement's size limit: the upload limit of every file (spec §9, 6 MB). A PDF is not
 * re-encoded as photos are, so the browser cannot shrink it: a larger one is refused before upload.
 */
export const ADDRESS_PROOF_PDF_MAX_BYTES = UPLOAD_MAX_BYTES;

export function checkIsPdfKind(kind: string): boolean {
  return (PDF_DOCUMENT_KINDS as readonly string[]).includes(kind);
}

export type AddressProofInput = {
  type?: string | undefined;
  /** YYYY-MM-DD, the date of issue printed on the proof. */
  issuedOn?: string | undefined;
  /** Images uploaded for the proof. */
  images: number;
  /** PDF e-statements uploaded for the proof (0 or 1). */
  pdf: number;
  /** spec §5: the person confirms it is machine-printed with their name, address and a chop. */
  confirmedMachinePrinted?: boolean | undefined;
  /** Term of a rental contract in whole months; asked only for that type. */
  rentalMonths?: number | undefined;
};

export type AddressProofProblem =
  | 'address_proof_type_required'
  | 'address_proof_rental_too_short'
  | 'address_proof_date_required'
  | 'address_proof_too_old'
  | 'address_proof_in_future'
  | 'address_proof_file_required'
  | 'address_proof_too_many'
  | 'address_proof_confirmation_required';

/** In the order checkAddressProof reports them (the form's order, top to bottom). */
export const ADDRESS_PROOF_PROBLEMS = [
  'address_proof_type_required',
  'address_proof_rental_too_short',
  'address_proof_date_required',
  'address_proof_too_old',
  'address_proof_in_future',
  'address_proof_file_required',
  'address_proof_too_many',
  'address_proof_confirmation_required',
] as const satisfies readonly AddressProofProblem[];

export function checkIsAddressProofType(type: unknown): type is AddressProofType {
  return typeof type === 'string' && (ADDRESS_PROOF_TYPES as readonly string[]).includes(type);
}

function count(n: number): number {
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * The proof's own answers (type, rental term, date of issue, confirmation), without its files: the
 * form checks these, the files are counted on the server's documents.
 */
export function checkAddressProofDetails(
  proof: Omit<AddressProofInput, 'images' | 'pdf'>,
  today: string,
): AddressProofProblem[] {
  const problems: AddressProofProblem[] = [];
  if (!checkIsAddressProofType(proof.type)) problems.push('address_proof_type_required');
  else if (
    proof.type === 'rental_contract' &&
    !(Number.isInteger(proof.rentalMonths) && (proof.rentalMonths as number) >= RENTAL_CONTRACT_MIN_MONTHS)
  )
    problems.push('address_proof_rental_too_short');

  // spec §5: "within 3 months", the same window as the asset proof (earliestProofDate).
  const date = checkProofDate(proof.issuedOn, today);
  if (date === 'date_required') problems.push('address_proof_date_required');
  if (date === 'too_old') problems.push('address_proof_too_old');
  if (date === 'in_future') problems.push('address_proof_in_future');

  if (proof.confirmedMachinePrinted !== true) problems.push('address_proof_confirmation_required');
  return problems;
}

/** 1–3 images, or exactly one PDF e-statement; never both, which counts as too many files. */
export function checkAddressProofFiles(files: { images: number; pdf: number }): AddressProofProblem[] {
  const images = count(files.images);
  const pdfs = count(files.pdf);
  if (images === 0 && pdfs === 0) return ['address_proof_file_required'];
  if (pdfs > 1 || (pdfs === 1 && images > 0) || images > ADDRESS_PROOF_MAX_IMAGES)
    return ['address_proof_too_many'];
  return [];
}

/** Every reason the address proof is not acceptable on `today` (Hong Kong, YYYY-MM-DD); empty when it is. */
export function checkAddressProof(proof: AddressProofInput, today: string): AddressProofProblem[] {
  const details = checkAddressProofDetails(proof, today);
  const confirmation = details.filter((p) => p === 'address_proof_confirmation_required');
  // the form's order: the files come before the confirmation
  return [
    ...details.filter((p) => p !== 'address_proof_confirmation_required'),
    ...checkAddressProofFiles(proof),
    ...confirmation,
  ];
}

export type HkArea = 'hong_kong_island' | 'kowloon' | 'new_territories';

export type HkDistrict = {
  code: string;
  area: HkArea;
  name: Record<Language, string>;
};

/**
 * The 18 districts of Hong Kong (District Councils Ordinance, Cap. 547, Schedule 1), grouped by
 * area (Hong Kong Island, Kowloon, New Territories) for the picker, with their official English and
 * Traditional Chinese names; the Simplified names are the same names in Simplified characters.
 */
export const HK_DISTRICTS = [
  {
    code: 'central_and_western',
    area: 'hong_kong_island',
    name: { en: 'Central and Western', 'zh-CN': '中西区', 'zh-HK': '中西區' },
  },
  {
    code: 'wan_chai',
    area: 'hong_kong_island',
    name: { en: 'Wan Chai', 'zh-CN': '湾仔区', 'zh-HK': '灣仔區' },
  },
  { code: 'eastern', area: 'hong_kong_island', name: { en: 'Eastern', 'zh-CN': '东区', 'zh-HK': '東區' } },
  { code: 'southern', area: 'hong_kong_island', name: { en: 'Southern', 'zh-CN': '南区', 'zh-HK': '南區' } },
  {
    code: 'yau_tsim_mong',
    area: 'kowloon',
    name: { en: 'Yau Tsim Mong', 'zh-CN': '油尖旺区', 'zh-HK': '油尖旺區' },
  },
  {
    code: 'sham_shui_po',
    area: 'kowloon',
    name: { en: 'Sham Shui Po', 'zh-CN': '深水埗区', 'zh-HK': '深水埗區' },
  },
  {
    code: 'kowloon_city',
    area: 'kowloon',
    name: { en: 'Kowloon City', 'zh-CN': '九龙城区', 'zh-HK': '九龍城區' },
  },
  {
    code: 'wong_tai_sin',
    area: 'kowloon',
    name: { en: 'Wong Tai Sin', 'zh-CN': '黄大仙区', 'zh-HK': '黃大仙區' },
  },
  { code: 'kwun_tong', area: 'kowloon', name: { en: 'Kwun Tong', 'zh-CN': '观塘区', 'zh-HK': '觀塘區' } },
  {
    code: 'kwai_tsing',
    area: 'new_territories',
    name: { en: 'Kwai Tsing', 'zh-CN': '葵青区', 'zh-HK': '葵青區' },
  },
  {
    code: 'tsuen_wan',
    area: 'new_territories',
    name: { en: 'Tsuen Wan', 'zh-CN': '荃湾区', 'zh-HK': '荃灣區' },
  },
  {
    code: 'tuen_mun',
    area: 'new_territories',
    name: { en: 'Tuen Mun', 'zh-CN': '屯门区', 'zh-HK': '屯門區' },
  },
  {
    code: 'yuen_long',
    area: 'new_territories',
    name: { en: 'Yuen Long', 'zh-CN': '元朗区', 'zh-HK': '元朗區' },
  },
  { code: 'north', area: 'new_territories', name: { en: 'North', 'zh-CN': '北区', 'zh-HK': '北區' } },
  { code: 'tai_po', area: 'new_territories', name: { en: 'Tai Po', 'zh-CN': '大埔区', 'zh-HK': '大埔區' } },
  { code: 'sha_tin', area: 'new_territories', name: { en: 'Sha Tin', 'zh-CN': '沙田区', 'zh-HK': '沙田區' } },
  {
    code: 'sai_kung',
    area: 'new_territories',
    name: { en: 'Sai Kung', 'zh-CN': '西贡区', 'zh-HK': '西貢區' },
  },
  { code: 'islands', area: 'new_territories', name: { en: 'Islands', 'zh-CN': '离岛区', 'zh-HK': '離島區' } },
] as const satisfies readonly HkDistrict[];

export type HkDistrictCode = (typeof HK_DISTRICTS)[number]['code'];

export const HK_DISTRICT_CODES = HK_DISTRICTS.map((d) => d.code) as readonly HkDistrictCode[];

export function checkIsHkDistrict(code: unknown): code is HkDistrictCode {
  return typeof code === 'string' && (HK_DISTRICT_CODES as readonly string[]).includes(code);
}

/** The district's name in `lang`, or undefined for an unknown code. */
export function hkDistrictName(code: string, lang: Language): string | undefined {
  return HK_DISTRICTS.find((d) => d.code === code)?.name[lang];
}
