import { randomInt } from 'node:crypto';
import { cardNumber } from '../../packages/domain/src/steps/bank/bank-test-cards';
import type { IdentityForApi } from './api';
import { idImages } from './fixtures';

/**
 * A mainland resident ID number (GB 11643: area, birth date, sequence whose last digit is odd for
 * men and even for women, ISO 7064 MOD 11-2 check character) that no other journey uses.
 */
export function randomMainlandId(area: string, birthDate: string, gender: 'M' | 'F'): string {
  const sequence = randomInt(50, 500) * 2 + (gender === 'M' ? 1 : 0);
  const body = `${area}${birthDate.replaceAll('-', '')}${String(sequence).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  return `${body}${'10X98765432'[sum % 11]}`;
}

// Common characters with their Hanyu Pinyin: a name of its own for each journey's applicant (the
// console finds the case by it), with the English name the ID holder writes (pinyin, spec §5).
const SURNAMES = [
  ['张', 'ZHANG'],
  ['王', 'WANG'],
  ['李', 'LI'],
  ['刘', 'LIU'],
  ['陈', 'CHEN'],
  ['杨', 'YANG'],
  ['赵', 'ZHAO'],
  ['黄', 'HUANG'],
] as const;
const GIVEN = [
  ['伟', 'WEI'],
  ['芳', 'FANG'],
  ['敏', 'MIN'],
  ['静', 'JING'],
  ['强', 'QIANG'],
  ['磊', 'LEI'],
  ['军', 'JUN'],
  ['洋', 'YANG'],
  ['勇', 'YONG'],
  ['杰', 'JIE'],
  ['涛', 'TAO'],
  ['明', 'MING'],
  ['超', 'CHAO'],
  ['平', 'PING'],
  ['刚', 'GANG'],
  ['峰', 'FENG'],
] as const;

/**
 * A mainland resident ID holder (the sample card's photos, a fresh number and name): born 1990 in
 * Shenzhen's Nanshan district, male. The English name is the pinyin (surname, then the given name
 * in one word, as on a mainland passport).
 */
export function sampleMainlandIdentity(): IdentityForApi {
  const [surnameZh, surname] = SURNAMES[randomInt(SURNAMES.length)]!;
  const [g1, p1] = GIVEN[randomInt(GIVEN.length)]!;
  const [g2, p2] = GIVEN[randomInt(GIVEN.length)]!;
  const birthDate = '1990-03-15';
  return {
    location: 'CN',
    front: idImages.cnFront,
    back: idImages.cnBack,
    chineseName: `${surnameZh}${g1}${g2}`,
    surname,
    givenName: `${p1}${p2}`,
    idNumber: randomMainlandId('440305', birthDate, 'M'),
    gender: 'M',
    birthDate,
  };
}

/** The tax step of a mainland tax resident: the TIN is the resident ID's number; not a US person. */
export const MAINLAND_TAX = {
  tax_residencies: [{ country: 'CN', tin_from_id: true }],
  us_citizen: false,
  us_green_card: false,
  us_born: false,
} as const;

/**
 * The bank step of a mainland applicant: a debit card of ICBC (BIN 622202, 19 digits with its Luhn
 * check digit) opened in Shenzhen, the reserved phone the applicant's mobile.
 */
export function mainlandBankAnswers(mobile: string) {
  return {
    card_number: cardNumber(`622202${randomInt(100_000, 1_000_000)}`, 19),
    bank_code: 'ICBC',
    reserved_phone: mobile,
    province_code: '440000',
    city_code: '440300',
  };
}
