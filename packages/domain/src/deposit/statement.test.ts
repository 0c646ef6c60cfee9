/// <reference types="node" />
// biome-ignore lint/style/noRestrictedImports: the test (not the domain code) reads its fixture file
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkText } from '../text';
import {
  BOC_HK_CSV,
  type CreditLine,
  CreditLineSchema,
  type CsvColumnMap,
  HSBC_HK_CSV,
  parseAmountMinor,
  parseCamt053Statement,
  parseCsvStatement,
  parseStatement,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_ENTRIES,
  STATEMENT_MAX_LINES,
} from './statement';

const ACCOUNT = '012-875-0-123456-7';
const camtFixture = readFileSync(new URL('./fixtures/camt053-bochk.xml', import.meta.url), 'utf8');

const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
const lf = (lines: string[]) => `${lines.join('\n')}\n`;
const withoutKeys = (credits: CreditLine[]) => credits.map(({ lineKey: _, ...rest }) => rest);
const keysOf = (credits: CreditLine[]) => credits.map((c) => c.lineKey);

describe('amounts as exact minor units', () => {
  it('reads decimal strings without floating-point error', () => {
    expect(parseAmountMinor('10000.00')).toBe(1_000_000);
    expect(parseAmountMinor('1,234.5')).toBe(123_450);
    expect(parseAmountMinor('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in a float
    expect(parseAmountMinor('1.15')).toBe(115); // 1.15 * 100 is 114.99999999999999
    expect(parseAmountMinor('-20')).toBe(-2000);
    expect(parseAmountMinor('+7.1')).toBe(710);
    expect(parseAmountMinor(' 1,000,000.01 ')).toBe(100_000_001);
    expect(parseAmountMinor('9999999999999.99')).toBe(999_999_999_999_999);
    expect(parseAmountMinor('0012.30')).toBe(1230);
  });
  it('reads a comma decimal separator with dot or space grouping', () => {
    expect(parseAmountMinor('1.234,56', ',')).toBe(123_456);
    expect(parseAmountMinor('1 234,5', ',')).toBe(123_450);
    expect(parseAmountMinor('1234', ',')).toBe(123_400);
    expect(parseAmountMinor('1,234.56', ',')).toBeNull();
  });
  it('refuses more than 2 decimals, bad grouping, exponents, symbols and huge numbers', () => {
    for (const bad of [
      '10.001',
      '10.000',
      '1,23.45',
      '1,2345.00',
      '1e5',
      'HK$100',
      '100 HKD',
      '',
      '.5',
      '5.',
      '--5',
      '1.234,56',
      'NaN',
      '12345678901234.00',
      '0x10',
    ]) {
      expect(parseAmountMinor(bad), bad).toBeNull();
    }
  });
});

describe('a CSV export read with the HSBC example map', () => {
  const hsbc = crlf([
    '\ufeffAccount number,004-111-222333-838',
    'Statement period,01/06/2024 - 30/06/2024',
    '',
    'Booking date,Value date,Description,Debit amount,Credit amount,Currency,Counterparty name,Counterparty account,Customer reference,Bank reference',
    '03/06/2024,03/06/2024,FPS CREDIT,,"10,000.00",HKD,"CHAN, TAI MAN",004-123-456789-001,HK9 AB12CD34,HSB240603A001',
    '03/06/2024,03/06/2024,SERVICE CHARGE,25.00,,HKD,,,,HSB240603A002',
    '4/6/2024,04/06/2024,TT CREDIT,,"1,234.5",USD,"LEE ""TONY"" KA YAN",GB29 NWBK 6016 1331 9268 19,"REF EF56GH78, OPENING",HSB240604A003',
  ]);
  const expected = [
    {
      bookedOn: '2024-06-03',
      amountMinor: 1_000_000,
      currency: 'HKD',
      payerName: 'CHAN, TAI MAN',
      payerAccount: '004123456789001',
      reference: 'HK9 AB12CD34',
      bankRef: 'HSB240603A001',
    },
    {
      bookedOn: '2024-06-04',
      amountMinor: 123_450,
      currency: 'USD',
      payerName: 'LEE "TONY" KA YAN',
      payerAccount: 'GB29NWBK60161331926819',
      reference: 'REF EF56GH78, OPENING',
      bankRef: 'HSB240604A003',
    },
  ];

  it('skips the lines above the header and the debit; reads BOM, CRLF and quoted commas', () => {
    const result = parseCsvStatement(hsbc, HSBC_HK_CSV, ACCOUNT);
    expect(result.errors).toEqual([]);
    expect(withoutKeys(result.credits)).toEqual(expected);
    for (const credit of result.credits) {
      expect(CreditLineSchema.safeParse(credit).success).toBe(true);
      expect(credit.lineKey).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('finds its columns under other spellings, cases and orders of the header', () => {
    const reordered = lf([
      'Counterparty Name, CREDIT ,Debit, post date ,CCY,Bank Reference,payment details,REMITTER ACCOUNT',
      '"CHAN, TAI MAN","10,000.00",,03/06/2024,HKD,HSB240603A001,HK9 AB12CD34,004-123-456789-001',
      'X,,25.00,03/06/2024,HKD,HSB240603A002,,',
      'LEE "TONY" KA YAN,"1,234.50",,04/06/2024,usd,HSB240604A003,"REF EF56GH78, OPENING",GB29NWBK60161331926819',
    ]);
    const result = parseCsvStatement(reordered, HSBC_HK_CSV, ACCOUNT);
    expect(result.errors).toEqual([]);
    expect(withoutKeys(result.credits)).toEqual(expected);
    // the bank's reference is the identity of a line: the same keys as the first export
    expect(keysOf(result.credits)).toEqual(keysOf(parseCsvStatement(hsbc, HSBC_HK_CSV, ACCOUNT).credits));
  });

  it('refuses the file when no header row within the first 20 has every required column', () => {
    const noCurrency = lf(['Booking date,Debit amount,Credit amount', '03/06/2024,,100.00']);
    expect(parseCsvStatement(noCurrency, HSBC_HK_CSV, ACCOUNT)).toEqual({
      credits: [],
      errors: [{ line: 0, code: 'statement_missing_column' }],
    });
    const lateHeader = lf([
      ...Array.from({ length: 20 }, (_, i) => `preamble ${i}`),
      'Booking date,Debit amount,Credit amount,Currency',
      '03/06/2024,,100.00,HKD',
    ]);
    expect(parseCsvStatement(lateHeader, HSBC_HK_CSV, ACCOUNT).errors).toEqual([
      { line: 0, code: 'statement_missing_column' },
    ]);
    expect(
      parseCsvStatement(lateHeader.split('\n').slice(1).join('\n'), HSBC_HK_CSV, ACCOUNT).credits,
    ).toHaveLength(1);
  });

  it('reports each bad line with its line number and still reads the good ones', () => {
    const text = lf([
      'Booking date,Debit amount,Credit amount,Currency,Counterparty name,Customer reference,Bank reference', // 1
      '03/06/2024,,100.00,HKD,A,"a reference on',
      'two lines",R1', // 2-3
      '31/06/2024,,100.00,HKD,B,,R2', // 4: no 31 June
      '03/06/2024,,10.001,HKD,C,,R3', // 5: 3 decimals
      '03/06/2024,,100.00,EUR,D,,R4', // 6: currency
      '03/06/2024,,abc,HKD,E,,R5', // 7
      '03/06/2024,,100.00,HKD,F,,R6', // 8: good
      '03/06/2024', // 9: short row
      '03/06/2024,5.00,5.00,HKD,G,,R7', // 10: both a debit and a credit
      '03/06/2024,,,HKD,H,,R8', // 11: neither
      '2024-06-03,,100.00,HKD,I,,R9', // 12: not the map's date format
      '"03/06/2024",,"100.00",HKD,"J\r\n2",,R10', // 13-14: good, a CRLF inside quotes
      '03/06/2024,,-100.00,HKD,K,,R11', // 15: a negative credit
      ' , , ,', // 16: blank, ignored
      '03/06/2024,,1.00,JPY,L,,R12', // 17
    ]);
    const result = parseCsvStatement(text, HSBC_HK_CSV, ACCOUNT);
    expect(result.errors).toEqual([
      { line: 4, code: 'statement_bad_date' },
      { line: 5, code: 'statement_bad_amount' },
      { line: 6, code: 'statement_currency' },
      { line: 7, code: 'statement_bad_amount' },
      { line: 9, code: 'statement_missing_column' },
      { line: 10, code: 'statement_bad_amount' },
      { line: 11, code: 'statement_bad_amount' },
      { line: 12, code: 'statement_bad_date' },
      { line: 15, code: 'statement_bad_amount' },
      { line: 17, code: 'statement_currency' },
    ]);
    expect(result.credits.map((c) => [c.payerName, c.reference, c.bankRef])).toEqual([
      ['A', 'a reference on two lines', 'R1'],
      ['F', null, 'R6'],
      ['J 2', null, 'R10'],
    ]);
  });

  it('gives the same line numbers for the same file with CRLF line endings', () => {
    const lines = [
      'Booking date,Debit amount,Credit amount,Currency',
      '03/06/2024,,"1',
      '00.00",HKD',
      '32/06/2024,,100.00,HKD',
    ];
    expect(parseCsvStatement(crlf(lines), HSBC_HK_CSV, ACCOUNT).errors).toEqual([
      { line: 2, code: 'statement_bad_amount' },
      { line: 4, code: 'statement_bad_date' },
    ]);
    expect(parseCsvStatement(lf(lines), HSBC_HK_CSV, ACCOUNT).errors).toEqual(
      parseCsvStatement(crlf(lines), HSBC_HK_CSV, ACCOUNT).errors,
    );
  });

  it('skips a header repeated on each page of the export', () => {
    const header = 'Booking date,Debit amount,Credit amount,Currency';
    const text = lf([header, '03/06/2024,,100.00,HKD', header.toUpperCase(), '04/06/2024,,200.00,HKD']);
    const result = parseCsvStatement(text, HSBC_HK_CSV, ACCOUNT);
    expect(result.errors).toEqual([]);
    expect(result.credits.map((c) => c.amountMinor)).toEqual([10_000, 20_000]);
  });

  it('refuses a file whose quotes are broken, as a whole, at the line csv-parse names', () => {
    const text = lf([
      'Booking date,Debit amount,Credit amount,Currency',
      '03/06/2024,,100.00,HKD',
      '04/06/2024,,"200.00,HKD',
      '05/06/2024,,300.00,HKD',
    ]);
    const result = parseCsvStatement(text, HSBC_HK_CSV, ACCOUNT);
    expect(result.credits).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.code).toBe('statement_malformed');
  });

  it('removes from payer and reference what would hide or reorder text, and caps their length', () => {
    const text = lf([
      'Booking date,Debit amount,Credit amount,Currency,Counterparty name,Customer reference',
      `03/06/2024,,100.00,HKD,"\u202eNAM\u200b IAT\u0000 NAHC\u2028",${'R'.repeat(600)}`,
    ]);
    const [credit] = parseCsvStatement(text, HSBC_HK_CSV, ACCOUNT).credits;
    expect(credit?.payerName).toBe('NAM IAT NAHC');
    expect(checkText(credit?.payerName ?? '')).toBeUndefined();
    expect(credit?.reference).toHaveLength(500);
  });
});

describe('a CSV export read with the BOCHK example map', () => {
  const boc = lf([
    '交易日期,交易金額,貨幣,付款人名稱,付款人賬號,備註,參考編號',
    '20240603,10000.00,HKD,陳大文,012-875-1-234567-8,HK9 AB12CD34,',
    '20240603,-500.00,HKD,,,轉賬,',
    '20240604,"12,500.00",hkd,CHAN TAI MAN,,,BOC0001',
    '20240631,1.00,HKD,,,,',
  ]);

  it('reads Chinese headers, YYYYMMDD and a signed amount (a negative one is a debit)', () => {
    const result = parseCsvStatement(boc, BOC_HK_CSV, ACCOUNT);
    expect(result.errors).toEqual([{ line: 5, code: 'statement_bad_date' }]);
    expect(withoutKeys(result.credits)).toEqual([
      {
        bookedOn: '2024-06-03',
        amountMinor: 1_000_000,
        currency: 'HKD',
        payerName: '陳大文',
        payerAccount: '01287512345678',
        reference: 'HK9 AB12CD34',
        bankRef: null,
      },
      {
        bookedOn: '2024-06-04',
        amountMinor: 1_250_000,
        currency: 'HKD',
        payerName: 'CHAN TAI MAN',
        payerAccount: null,
        reference: null,
        bankRef: 'BOC0001',
      },
    ]);
  });

  it('reads English headers too', () => {
    const english = lf([
      'Transaction Date,Transaction Amount,Currency,Payer Name,Payer A/C No.,Remarks,Reference No.',
      '20240603,10000.00,USD,CHAN TAI MAN,012-875-1-234567-8,HK9 AB12CD34,X1',
    ]);
    const result = parseCsvStatement(english, BOC_HK_CSV, ACCOUNT);
    expect(result.errors).toEqual([]);
    expect(result.credits[0]).toMatchObject({ currency: 'USD', payerAccount: '01287512345678' });
  });
});

describe('a CSV export without a header row', () => {
  const map: CsvColumnMap = {
    bank: 'a test bank',
    header: false,
    skipRows: 1,
    dateFormat: 'YYYY-MM-DD',
    decimalSeparator: ',',
    delimiter: ';',
    columns: { date: 0, amount: { signed: 2 }, currency: { fixed: 'HKD' }, payerName: 1, reference: 3 },
  };
  it('reads columns by index with a comma decimal separator and the fixed currency', () => {
    const text = lf([
      'Export 2024-06;;;',
      '2024-06-03;CHAN TAI MAN;1.234,56;HK9 AB12CD34',
      '2024-06-03 14:05:00;LEE;-20,00;',
      '2024-06-04;WONG',
    ]);
    const result = parseCsvStatement(text, map, ACCOUNT);
    expect(result.errors).toEqual([{ line: 4, code: 'statement_missing_column' }]);
    expect(withoutKeys(result.credits)).toEqual([
      {
        bookedOn: '2024-06-03',
        amountMinor: 123_456,
        currency: 'HKD',
        payerName: 'CHAN TAI MAN',
        payerAccount: null,
        reference: 'HK9 AB12CD34',
        bankRef: null,
      },
    ]);
  });
});

describe('line keys', () => {
  const header = '交易日期,交易金額,貨幣,付款人名稱,付款人賬號,備註,參考編號';
  const x = '20240603,10000.00,HKD,陳大文,012-875-1-234567-8,HK9 AB12CD34,';
  const y = '20240603,20000.00,HKD,CHAN TAI MAN,004-123-456789-001,HK9 ZZ99YY88,';
  const z = '20240604,30000.00,USD,LEE KA YAN,,,';
  const keys = (rows: string[], account = ACCOUNT) =>
    keysOf(parseCsvStatement(lf([header, ...rows]), BOC_HK_CSV, account).credits);

  it('are the same for the same file imported twice, whatever its line endings', () => {
    const first = keys([x, y, z]);
    expect(first).toHaveLength(3);
    expect(new Set(first).size).toBe(3);
    expect(keys([x, y, z])).toEqual(first);
    expect(keysOf(parseCsvStatement(crlf([header, x, y, z]), BOC_HK_CSV, ACCOUNT).credits)).toEqual(first);
  });

  it('keep two identical credits of one file apart, and find them again in an overlapping statement', () => {
    const [kx, ky1, ky2] = keys([x, y, y]);
    expect(ky1).not.toBe(ky2);
    const [ky1Again, ky2Again, kz] = keys([y, y, z]);
    expect([ky1Again, ky2Again]).toEqual([ky1, ky2]);
    expect(kz).not.toBe(kx);
    expect(keys([y])).toEqual([ky1]);
  });

  it('differ for the same line in another receiving account, and ignore how the account is written', () => {
    expect(keys([x], '999-1')).not.toEqual(keys([x]));
    expect(keys([x], '0128750 1234567')).toEqual(keys([x]));
  });

  it('take a bank reference without a letter or digit ("-") for none', () => {
    const [credit] = parseCsvStatement(
      lf([header, '20240604,30000.00,USD,LEE KA YAN,,, - ']),
      BOC_HK_CSV,
      ACCOUNT,
    ).credits;
    expect(credit?.bankRef).toBeNull();
    const dashes = keys(['20240604,30000.00,USD,LEE,,,-', '20240605,10.00,USD,CHAN,,,-']);
    expect(keys(['20240605,10.00,USD,CHAN,,,-'])).toEqual([dashes[1]]);
  });

  it('follow the bank reference when there is one, even if the bank rewrites the payer', () => {
    const a = keys(['20240604,30000.00,USD,LEE KA YAN,,,BOC0001']);
    const b = keys(['20240604,30000.00,USD,"LEE, KA-YAN",,,BOC0001']);
    const c = keys(['20240604,30000.00,USD,LEE KA YAN,,,BOC0002']);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('are the same between a CSV and camt.053 only through the bank reference (no promise otherwise)', () => {
    const camt = parseCamt053Statement(camtFixture, ACCOUNT).credits;
    const csv = parseCsvStatement(
      lf([
        'Booking date,Debit amount,Credit amount,Currency,Bank reference',
        '03/06/2024,,"10,000.00",HKD,FPS2406030001234',
      ]),
      HSBC_HK_CSV,
      ACCOUNT,
    ).credits;
    expect(csv[0]?.lineKey).toBe(camt[0]?.lineKey);
  });
});

describe('a large CSV', () => {
  it('reads 10,000 generated credit lines, each with its own key', () => {
    const rows = ['Booking date,Debit amount,Credit amount,Currency,Counterparty name,Customer reference'];
    for (let i = 0; i < 10_000; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      rows.push(
        `${day}/06/2024,,"${1000 + (i % 500)}.${String(i % 100).padStart(2, '0')}",HKD,PAYER ${i % 7},REF ${i % 13}`,
      );
    }
    const result = parseCsvStatement(lf(rows), HSBC_HK_CSV, ACCOUNT);
    expect(result.errors).toEqual([]);
    expect(result.credits).toHaveLength(10_000);
    expect(new Set(keysOf(result.credits)).size).toBe(10_000);
    expect(result.credits[9_999]).toMatchObject({ bookedOn: '2024-06-04', amountMinor: 149_999 });
  });
});

describe('limits', () => {
  it(`refuses over ${STATEMENT_MAX_BYTES} bytes, counted in UTF-8, in both formats`, () => {
    const ascii = 'a'.repeat(STATEMENT_MAX_BYTES + 1);
    const tooLarge = { credits: [], errors: [{ line: 0, code: 'statement_too_large' }] };
    expect(parseCsvStatement(ascii, HSBC_HK_CSV, ACCOUNT)).toEqual(tooLarge);
    expect(parseCamt053Statement(ascii, ACCOUNT)).toEqual(tooLarge);
    // fewer UTF-16 units than the limit, 3 bytes each in UTF-8
    const chinese = '中'.repeat(Math.floor(STATEMENT_MAX_BYTES / 3) + 1);
    expect(chinese.length).toBeLessThan(STATEMENT_MAX_BYTES);
    expect(parseCsvStatement(chinese, HSBC_HK_CSV, ACCOUNT)).toEqual(tooLarge);
    expect(parseCamt053Statement(chinese, ACCOUNT)).toEqual(tooLarge);
  });

  it(`refuses a CSV over ${STATEMENT_MAX_LINES} lines, not one of exactly that many`, () => {
    expect(parseCsvStatement('\n'.repeat(STATEMENT_MAX_LINES + 1), HSBC_HK_CSV, ACCOUNT).errors).toEqual([
      { line: 0, code: 'statement_too_large' },
    ]);
    expect(parseCsvStatement('\r\n'.repeat(STATEMENT_MAX_LINES + 1), HSBC_HK_CSV, ACCOUNT).errors).toEqual([
      { line: 0, code: 'statement_too_large' },
    ]);
    // exactly the limit: read, then refused only for having no header
    expect(parseCsvStatement('\n'.repeat(STATEMENT_MAX_LINES), HSBC_HK_CSV, ACCOUNT).errors).toEqual([
      { line: 0, code: 'statement_missing_column' },
    ]);
    expect(parseCsvStatement(`${'\n'.repeat(STATEMENT_MAX_LINES)}x`, HSBC_HK_CSV, ACCOUNT).errors).toEqual([
      { line: 0, code: 'statement_too_large' },
    ]);
  });

  it(`refuses a camt.053 over ${STATEMENT_MAX_ENTRIES} entries, not one of exactly that many`, () => {
    const statement = (n: number) =>
      `<Document><BkToCstmrStmt><Stmt>${'<Ntry/>'.repeat(n)}</Stmt></BkToCstmrStmt></Document>`;
    expect(parseCamt053Statement(statement(STATEMENT_MAX_ENTRIES + 1), ACCOUNT).errors).toEqual([
      { line: 0, code: 'statement_too_large' },
    ]);
    // exactly the limit: read, each (empty) entry reported
    const atLimit = parseCamt053Statement(statement(STATEMENT_MAX_ENTRIES), ACCOUNT);
    expect(atLimit.errors).toHaveLength(STATEMENT_MAX_ENTRIES);
    expect(atLimit.errors[0]?.code).toBe('statement_bad_entry');
  });

  it('needs the receiving account the statement belongs to', () => {
    expect(parseCsvStatement('x', HSBC_HK_CSV, ' - ').errors).toEqual([
      { line: 0, code: 'statement_no_account' },
    ]);
    expect(parseCamt053Statement(camtFixture, '').errors).toEqual([
      { line: 0, code: 'statement_no_account' },
    ]);
  });
});

// camt.053.001.08 entries, one a line, so an entry's line is its index + 6.
const camt = (entries: string[], account = ACCOUNT) =>
  lf([
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">',
    '<BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2024-06-04T06:00:00+08:00</CreDtTm></GrpHdr>',
    '<Stmt><Id>S1</Id>',
    `<Acct><Id><Othr><Id>${account}</Id></Othr></Id></Acct>`,
    ...entries,
    '</Stmt></BkToCstmrStmt>',
    '</Document>',
  ]);
const tx = (o: { name?: string; amount?: string; ref?: string; ustrd?: string } = {}) =>
  `<TxDtls>${o.ref ? `<Refs><AcctSvcrRef>${o.ref}</AcctSvcrRef></Refs>` : ''}${
    o.amount ? `<Amt Ccy="HKD">${o.amount}</Amt>` : ''
  }<RltdPties><Dbtr><Pty><Nm>${o.name ?? 'CHAN TAI MAN'}</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>${
    o.ustrd ?? 'HK9 AB12CD34'
  }</Ustrd></RmtInf></TxDtls>`;
const ntry = (
  o: {
    amount?: string;
    ccy?: string;
    ind?: string;
    booking?: string;
    sts?: string;
    extra?: string;
    txs?: string[];
  } = {},
) =>
  `<Ntry><Amt Ccy="${o.ccy ?? 'HKD'}">${o.amount ?? '10000.00'}</Amt><CdtDbtInd>${o.ind ?? 'CRDT'}</CdtDbtInd>${
    o.extra ?? ''
  }<Sts><Cd>${o.sts ?? 'BOOK'}</Cd></Sts><BookgDt>${o.booking ?? '<Dt>2024-06-03</Dt>'}</BookgDt><NtryDtls>${(
    o.txs ?? [tx()]
  ).join('')}</NtryDtls></Ntry>`;

describe('a camt.053 statement', () => {
  it('gives the credits of the sample (two credits and a debit), the debit skipped', () => {
    const result = parseCamt053Statement(camtFixture, ACCOUNT);
    expect(result.errors).toEqual([]);
    expect(withoutKeys(result.credits)).toEqual([
      {
        bookedOn: '2024-06-03',
        amountMinor: 1_000_000,
        currency: 'HKD',
        payerName: 'CHAN TAI MAN',
        payerAccount: '004123456789001',
        reference: 'HK9 AB12CD34',
        bankRef: 'FPS2406030001234',
      },
      {
        bookedOn: '2024-06-03',
        amountMinor: 128_004,
        currency: 'USD',
        payerName: 'WONG & LEE SIU MING',
        payerAccount: 'GB29NWBK60161331926819',
        reference: 'ACCOUNT OPENING REF EF56GH78',
        bankRef: 'TT2406030000456-1',
      },
    ]);
    for (const credit of result.credits) expect(CreditLineSchema.safeParse(credit).success).toBe(true);
    expect(parseStatement(camtFixture, { kind: 'camt053' }, ACCOUNT)).toEqual(result);
  });

  it('gives the same keys when imported again', () => {
    const a = keysOf(parseCamt053Statement(camtFixture, ACCOUNT).credits);
    expect(keysOf(parseCamt053Statement(camtFixture.replace(/\n/g, '\r\n'), ACCOUNT).credits)).toEqual(a);
    expect(new Set(a).size).toBe(2);
  });

  it("reads namespace prefixes, Dbtr/Pty/Nm (.08), references and a booking time as Hong Kong's date", () => {
    const text = camt([
      ntry({
        booking: '<DtTm>2024-06-03T20:00:00Z</DtTm>',
        txs: [tx({ name: 'LEE &amp; CO &#x9673;&#22823;' })],
      }),
    ])
      .replace(/<(\/?)(\w+)/g, '<$1ns2:$2')
      .replace('<ns2:?xml', '<?xml')
      .replace('xmlns=', 'xmlns:ns2=');
    expect(text).toContain('<ns2:Ntry>');
    const result = parseCamt053Statement(text, ACCOUNT);
    expect(result.errors).toEqual([]);
    expect(result.credits[0]).toMatchObject({ bookedOn: '2024-06-04', payerName: 'LEE & CO 陳大' });
  });

  it('skips reversals and entries not booked yet', () => {
    const result = parseCamt053Statement(
      camt([ntry({ extra: '<RvslInd>true</RvslInd>' }), ntry({ sts: 'PDNG' }), ntry({ amount: '20000.00' })]),
      ACCOUNT,
    );
    expect(result.errors).toEqual([]);
    expect(result.credits.map((c) => c.amountMinor)).toEqual([2_000_000]);
  });

  it('reports a bad entry at the line where it starts and reads the others', () => {
    const result = parseCamt053Statement(
      camt([
        ntry(), // line 6
        ntry({ booking: '<Dt>2024-02-30</Dt>' }), // 7
        ntry({ amount: '100.001' }), // 8
        ntry({ ccy: 'EUR' }), // 9
        ntry({ ind: 'XXXX' }), // 10
        ntry({ amount: '1,000.00' }), // 11
        ntry({ ind: 'DBIT', amount: 'garbage' }), // 12: a debit, skipped unread
        ntry({ amount: '30000.00' }), // 13
      ]),
      ACCOUNT,
    );
    expect(result.errors).toEqual([
      { line: 7, code: 'statement_bad_date' },
      { line: 8, code: 'statement_bad_amount' },
      { line: 9, code: 'statement_currency' },
      { line: 10, code: 'statement_bad_entry' },
      { line: 11, code: 'statement_bad_amount' },
    ]);
    expect(result.credits.map((c) => c.amountMinor)).toEqual([1_000_000, 3_000_000]);
  });

  it('splits a batch entry into its transactions, or refuses the entry when it cannot', () => {
    const batch = ntry({
      amount: '30000.00',
      txs: [tx({ name: 'A', amount: '10000.00' }), tx({ name: 'B', amount: '20000.00', ref: 'TX-B' })],
    });
    const result = parseCamt053Statement(camt([batch]), ACCOUNT);
    expect(result.errors).toEqual([]);
    expect(result.credits.map((c) => [c.payerName, c.amountMinor, c.bankRef])).toEqual([
      ['A', 1_000_000, null],
      ['B', 2_000_000, 'TX-B'],
    ]);
    const unsplit = ntry({ amount: '30000.00', txs: [tx({ name: 'A' }), tx({ name: 'B' })] });
    const wrongSum = ntry({
      amount: '30000.00',
      txs: [tx({ name: 'A', amount: '10000.00' }), tx({ name: 'B', amount: '10000.00' })],
    });
    expect(parseCamt053Statement(camt([unsplit, wrongSum]), ACCOUNT)).toEqual({
      credits: [],
      errors: [
        { line: 6, code: 'statement_batch_unsplit' },
        { line: 7, code: 'statement_bad_amount' },
      ],
    });
  });

  it("keeps two transactions of a batch apart when they share the entry's bank reference", () => {
    const batch = ntry({
      amount: '20000.00',
      extra: '<AcctSvcrRef>BATCH-1</AcctSvcrRef>',
      txs: [tx({ amount: '10000.00' }), tx({ amount: '10000.00' })],
    });
    const credits = parseCamt053Statement(camt([batch]), ACCOUNT).credits;
    expect(credits.map((c) => c.bankRef)).toEqual(['BATCH-1', 'BATCH-1']);
    expect(credits[0]?.lineKey).not.toBe(credits[1]?.lineKey);
  });

  it("reads only the account's statements and reports another account's", () => {
    expect(parseCamt053Statement(camt([ntry()], '999-888-777'), ACCOUNT)).toEqual({
      credits: [],
      errors: [{ line: 4, code: 'statement_account_mismatch' }],
    });
  });

  it('refuses XML that is not a camt.053 statement', () => {
    const notCamt = { credits: [], errors: [{ line: 0, code: 'statement_not_camt053' }] };
    const pain001 =
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn><GrpHdr><MsgId>1</MsgId></GrpHdr></CstmrCdtTrfInitn></Document>';
    const camt052 = camt([ntry()])
      .replace(/BkToCstmrStmt/g, 'BkToCstmrAcctRpt')
      .replace(/Stmt>/g, 'Rpt>');
    expect(parseCamt053Statement(pain001, ACCOUNT)).toEqual(notCamt);
    expect(parseCamt053Statement(camt052, ACCOUNT)).toEqual(notCamt);
    expect(parseCamt053Statement('<html><body>statement</body></html>', ACCOUNT)).toEqual(notCamt);
  });

  it('refuses a file that is not well-formed XML as a whole', () => {
    for (const text of [
      'Booking date,Credit amount\n03/06/2024,100.00\n',
      camtFixture.slice(0, camtFixture.length / 2),
      camtFixture.replace('</Ntry>', '</Entry>'),
      '',
    ]) {
      const result = parseCamt053Statement(text, ACCOUNT);
      expect(result.credits).toEqual([]);
      expect(result.errors.map((e) => e.code)).toEqual(['statement_malformed']);
    }
  });

  it('refuses a DOCTYPE or an entity declaration before anything is expanded', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>${camt(
      [ntry({ txs: [tx({ name: '&b;' })] })],
    ).replace('<?xml version="1.0" encoding="UTF-8"?>', '')}`;
    const external = camtFixture.replace(
      '<Document',
      '<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Document',
    );
    const lowerCase = camtFixture.replace('<Document', '<!doctype Document>\n<Document');
    for (const text of [laughs, external, lowerCase]) {
      expect(parseCamt053Statement(text, ACCOUNT)).toEqual({
        credits: [],
        errors: [{ line: 0, code: 'statement_xml_doctype' }],
      });
    }
  });

  it('leaves an undeclared entity as text', () => {
    const [credit] = parseCamt053Statement(
      camt([ntry({ txs: [tx({ name: 'A &xxe; B' })] })]),
      ACCOUNT,
    ).credits;
    expect(credit?.payerName).toBe('A &xxe; B');
  });
});
