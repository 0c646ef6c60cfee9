import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ERROR_MESSAGES } from '../i18n';
import {
  CreateApplicationRequestSchema,
  DeleteFileRequestSchema,
  IdLocationRequestSchema,
  idDetailsSchema,
  UploadFieldsSchema,
} from './application.schema';
import { firstPerField, issues } from './schema-test-utils';

/** GB 11643-1999 check character, computed here independently of the domain code. */
function cnId(birth: string, seq: string): string {
  const first17 = `440305${birth.replaceAll('-', '')}${seq}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (2 ** (17 - i) % 11);
  const c = (12 - (sum % 11)) % 11;
  return first17 + (c === 10 ? 'X' : String(c));
}

describe('CreateApplicationRequestSchema (spec §3: type is a list of HKMargin / USMargin, source)', () => {
  it('accepts one value as a list of one', () => {
    const r = z.safeParse(CreateApplicationRequestSchema, { type: 'HKMargin' });
    expect(r.success && r.data.type).toEqual(['HKMargin']);
  });
  it('accepts a list (repeated form keys or a JSON array)', () => {
    const r = z.safeParse(CreateApplicationRequestSchema, {
      type: ['HKMargin', 'USMargin'],
      source: ' app ',
    });
    expect(r.success && r.data).toEqual({ type: ['HKMargin', 'USMargin'], source: 'app' });
  });
  it('refuses an empty or missing list', () => {
    expect(issues(CreateApplicationRequestSchema, {})).toEqual([['type', 'account_market_invalid']]);
    expect(issues(CreateApplicationRequestSchema, { type: [] })).toEqual([
      ['type', 'account_market_invalid'],
    ]);
  });
  it('refuses an unknown market, pointing at its position', () => {
    expect(issues(CreateApplicationRequestSchema, { type: ['HKMargin', 'Crypto'] })).toEqual([
      ['type.1', 'account_market_invalid'],
    ]);
    expect(issues(CreateApplicationRequestSchema, { type: 'hkmargin' })).toEqual([
      ['type.0', 'account_market_invalid'],
    ]);
  });
  it('refuses an overlong source', () => {
    expect(issues(CreateApplicationRequestSchema, { type: 'HKMargin', source: 'x'.repeat(101) })).toEqual([
      ['source', 'invalid_value'],
    ]);
  });
});

describe('IdLocationRequestSchema (ID location CN, HK or OTHER with a nationality)', () => {
  it.each(['CN', 'HK'])('accepts %s without a nationality', (id_location) => {
    expect(issues(IdLocationRequestSchema, { id_location })).toEqual([]);
  });
  it('accepts OTHER with a country code, upper-cased and trimmed', () => {
    const r = z.safeParse(IdLocationRequestSchema, { id_location: 'OTHER', nationality: ' de ' });
    expect(r.success && r.data).toEqual({ id_location: 'OTHER', nationality: 'DE' });
  });
  it.each([undefined, '', 'ZZ', 'Germany', 'DEU'])(
    'OTHER with nationality %j → nationality_required',
    (nationality) => {
      expect(issues(IdLocationRequestSchema, { id_location: 'OTHER', nationality })).toEqual([
        ['nationality', 'nationality_required'],
      ]);
    },
  );
  it.each([undefined, '', 'cn', 'MO'])('refuses location %j with id_location_required', (id_location) => {
    expect(issues(IdLocationRequestSchema, { id_location })).toEqual([
      ['id_location', 'id_location_required'],
    ]);
  });
});

describe('UploadFieldsSchema and DeleteFileRequestSchema', () => {
  it('accepts the document kinds of the steps only', () => {
    expect(issues(UploadFieldsSchema, { kind: 'id_front' })).toEqual([]);
    expect(issues(UploadFieldsSchema, { kind: 'id_back' })).toEqual([]);
    expect(issues(UploadFieldsSchema, { kind: 'face_video' })).toEqual([]);
    expect(issues(UploadFieldsSchema, { kind: 'passport_photo' })).toEqual([
      ['kind', 'document_kind_invalid'],
    ]);
  });
  it('needs a UUID document id', () => {
    expect(issues(DeleteFileRequestSchema, { document_id: '0b6f8c2e-8d3a-4f7e-9c1a-2b3c4d5e6f70' })).toEqual(
      [],
    );
    expect(issues(DeleteFileRequestSchema, { document_id: '../etc/passwd' })).toEqual([
      ['document_id', 'document_id_invalid'],
    ]);
  });
});

describe('idDetailsSchema (ID details confirmed by the person; form and server share it)', () => {
  const today = '2026-11-25';
  const schema = idDetailsSchema({ today, hasStoredIdNumber: false });
  const withStored = idDetailsSchema({ today, hasStoredIdNumber: true });

  const cn = {
    id_type: 'cn_id',
    id_location: 'CN',
    chinese_name: '张三丰',
    english_surname: 'ZHANG',
    english_given_name: 'SANFENG',
    name_matches_bank: true,
    id_number: cnId('1990-06-15', '131'),
    gender: 'M',
    birth_date: '1990-06-15',
  };
  const hkPrefix = 'A123456';
  const hk = {
    ...cn,
    id_type: 'hk_id',
    id_location: 'HK',
    chinese_name: '陳大文',
    english_surname: 'CHAN',
    english_given_name: 'TAI MAN',
    id_number: `${hkPrefix}(3)`,
  };
  const passport = {
    ...cn,
    id_type: 'passport',
    id_location: 'OTHER',
    chinese_name: '',
    english_surname: 'SMITH',
    english_given_name: 'JOHN',
    id_number: 'E12345678',
  };

  describe('valid cases', () => {
    it('a mainland resident ID card', () => expect(issues(schema, cn)).toEqual([]));
    it('an HKID card, with or without brackets', () => {
      expect(issues(schema, hk)).toEqual([]);
      expect(issues(schema, { ...hk, id_number: 'a1234563' })).toEqual([]);
    });
    it('a passport, without a Chinese name', () => {
      expect(issues(schema, passport)).toEqual([]);
      expect(issues(schema, { ...passport, chinese_name: undefined })).toEqual([]);
    });
  });

  it('upper-cases and tidies the English names and the ID number', () => {
    const r = z.safeParse(schema, {
      ...hk,
      english_surname: ' chan ',
      english_given_name: 'tai   man',
      id_number: ' a123456(3) ',
    });
    expect(r.success && r.data).toMatchObject({
      english_surname: 'CHAN',
      english_given_name: 'TAI MAN',
      id_number: 'A123456(3)',
    });
  });

  it.each([
    ['CN', 'hk_id'],
    ['HK', 'cn_id'],
    ['OTHER', 'cn_id'],
    ['HK', 'passport'],
  ])('refuses location %s with id_type %s (id_type_mismatch)', (id_location, id_type) => {
    expect(issues(schema, { ...cn, id_location, id_type }).filter(([p]) => p === 'id_type')).toEqual([
      ['id_type', 'id_type_mismatch'],
    ]);
  });

  describe('mainland numbers against the birth date and gender entered', () => {
    it('refuses a birth date that differs from the number', () => {
      expect(issues(schema, { ...cn, birth_date: '1990-06-16' })).toEqual([
        ['id_number', 'id_number_birth_mismatch'],
      ]);
    });
    it('refuses a gender that differs from the number', () => {
      expect(issues(schema, { ...cn, gender: 'F' })).toEqual([['id_number', 'id_number_gender_mismatch']]);
      const female = cnId('1990-06-15', '132');
      expect(issues(schema, { ...cn, id_number: female, gender: 'F' })).toEqual([]);
    });
    it('refuses a wrong check digit and a 15-digit number', () => {
      const id = cn.id_number;
      const wrong = id.slice(0, 17) + (id.endsWith('0') ? '1' : '0');
      expect(issues(schema, { ...cn, id_number: wrong })).toEqual([['id_number', 'id_number_checksum']]);
      expect(issues(schema, { ...cn, id_number: '440305900615131' })).toEqual([
        ['id_number', 'id_number_format'],
      ]);
    });
    it('accepts a lower-case x check character', () => {
      const x = Array.from({ length: 300 }, (_, i) => cnId('1990-06-15', String(100 + i))).find((n) =>
        n.endsWith('X'),
      )!;
      const gender = Number(x[16]) % 2 ? 'M' : 'F';
      expect(issues(schema, { ...cn, id_number: x.toLowerCase(), gender })).toEqual([]);
    });
  });

  it('refuses an invalid HKID check digit and a malformed passport number', () => {
    expect(issues(schema, { ...hk, id_number: `${hkPrefix}(4)` })).toEqual([
      ['id_number', 'id_number_checksum'],
    ]);
    expect(issues(schema, { ...passport, id_number: 'ABCDEFG' })).toEqual([
      ['id_number', 'id_number_format'],
    ]);
  });

  describe('age (18 or over on `today`)', () => {
    it('accepts an 18th birthday today and refuses one tomorrow', () => {
      expect(issues(schema, { ...passport, birth_date: '2008-11-25' })).toEqual([]);
      expect(issues(schema, { ...passport, birth_date: '2008-11-26' })).toEqual([
        ['birth_date', 'birth_date_too_young'],
      ]);
    });
    it('depends on the `today` passed in, not the clock', () => {
      const later = idDetailsSchema({ today: '2027-11-26', hasStoredIdNumber: false });
      expect(issues(later, { ...passport, birth_date: '2009-11-26' })).toEqual([]);
      expect(issues(schema, { ...passport, birth_date: '2009-11-26' })).toEqual([
        ['birth_date', 'birth_date_too_young'],
      ]);
    });
    it.each(['2027-01-01', '1899-12-31', '1990-02-30', '1990-13-01'])(
      'refuses birth date %s as invalid',
      (birth_date) => {
        expect(issues(schema, { ...passport, birth_date })).toEqual([['birth_date', 'birth_date_invalid']]);
      },
    );
    it.each([undefined, '', '1990/01/01', '01-01-1990'])(
      'refuses birth date %j as required',
      (birth_date) => {
        expect(firstPerField(schema, { ...passport, birth_date })).toEqual([
          ['birth_date', 'birth_date_required'],
        ]);
      },
    );
  });

  describe('the ID number may be left empty only when one is on file', () => {
    it('is required without a stored number', () => {
      expect(issues(schema, { ...cn, id_number: '' })).toEqual([['id_number', 'id_number_required']]);
      expect(issues(schema, { ...cn, id_number: undefined })).toEqual([['id_number', 'id_number_required']]);
    });
    it('may be empty with a stored number', () => {
      expect(issues(withStored, { ...cn, id_number: '' })).toEqual([]);
      expect(issues(withStored, { ...cn, id_number: '   ' })).toEqual([]);
    });
    it('is still checked when given with a stored number', () => {
      expect(issues(withStored, { ...hk, id_number: `${hkPrefix}(4)` })).toEqual([
        ['id_number', 'id_number_checksum'],
      ]);
    });
  });

  describe('names', () => {
    it('a mainland ID needs a Chinese name of 2 to 20 Han characters', () => {
      expect(issues(schema, { ...cn, chinese_name: '' })).toEqual([
        ['chinese_name', 'chinese_name_required'],
      ]);
      expect(issues(schema, { ...cn, chinese_name: '张' })).toEqual([
        ['chinese_name', 'chinese_name_invalid'],
      ]);
      expect(issues(schema, { ...cn, chinese_name: 'Zhang' })).toEqual([
        ['chinese_name', 'chinese_name_invalid'],
      ]);
      expect(firstPerField(schema, { ...cn, chinese_name: '张'.repeat(21) })).toEqual([
        ['chinese_name', 'chinese_name_invalid'],
      ]);
    });
    it('checks a Chinese name given with an HKID', () => {
      expect(issues(schema, { ...hk, chinese_name: '' })).toEqual([]);
      expect(issues(schema, { ...hk, chinese_name: 'Chan' })).toEqual([
        ['chinese_name', 'chinese_name_invalid'],
      ]);
    });
    it('requires both English names', () => {
      expect(firstPerField(schema, { ...cn, english_surname: '  ', english_given_name: undefined })).toEqual([
        ['english_surname', 'english_surname_required'],
        ['english_given_name', 'english_given_name_required'],
      ]);
    });
    it.each(['ZHANG3', '张', '-ZHANG'])('refuses English surname %j', (english_surname) => {
      expect(issues(schema, { ...cn, english_surname })).toEqual([
        ['english_surname', 'english_name_invalid'],
      ]);
    });
  });

  describe('name_matches_bank must be confirmed (spec §5: confirm the English name matches the bank record)', () => {
    it.each([true, 'true', '1'])('accepts %j', (name_matches_bank) => {
      const r = z.safeParse(schema, { ...cn, name_matches_bank });
      expect(r.success && r.data.name_matches_bank).toBe(true);
    });
    it.each([false, 'false', '0', undefined, 'yes', 2])(
      'refuses %j with name_matches_bank_required',
      (name_matches_bank) => {
        expect(issues(schema, { ...cn, name_matches_bank })).toEqual([
          ['name_matches_bank', 'name_matches_bank_required'],
        ]);
      },
    );
  });

  it('reports every missing field with its own key', () => {
    expect(issues(schema, {})).toEqual([
      ['id_type', 'id_type_required'],
      ['id_location', 'id_location_required'],
      ['english_surname', 'english_surname_required'],
      ['english_given_name', 'english_given_name_required'],
      ['name_matches_bank', 'name_matches_bank_required'],
      ['gender', 'gender_required'],
      ['birth_date', 'birth_date_required'],
    ]);
  });

  it('refuses a gender other than M or F', () => {
    expect(issues(schema, { ...passport, gender: 'X' })).toEqual([['gender', 'gender_required']]);
  });
});

it('every message these contracts produce is a catalogue key', () => {
  const schema = idDetailsSchema({ today: '2026-11-25', hasStoredIdNumber: false });
  const bad: [z.ZodMiniType, unknown][] = [
    [CreateApplicationRequestSchema, { type: [5, {}], source: 5 }],
    [IdLocationRequestSchema, { id_location: 5, nationality: 5 }],
    [IdLocationRequestSchema, { id_location: 'OTHER', nationality: 5 }],
    [UploadFieldsSchema, { kind: 5 }],
    [DeleteFileRequestSchema, { document_id: 5 }],
    [
      schema,
      {
        id_type: 5,
        id_location: [],
        chinese_name: 5,
        english_surname: 5,
        english_given_name: {},
        name_matches_bank: {},
        id_number: 5,
        gender: 5,
        birth_date: 5,
      },
    ],
    [schema, { id_type: 'cn_id', id_location: 'CN', chinese_name: 5, id_number: 5, english_surname: 'A' }],
  ];
  for (const [s, input] of bad)
    for (const [path, message] of issues(s, input))
      expect(ERROR_MESSAGES['zh-CN'], `${path}: ${message}`).toHaveProperty([message]);
});
