// The packed form of a read statement (issue #22): the job decodes its credits a batch at a time,
// so every batch must give back exactly the credits the plain reading gives, multi-byte text included.
import { describe, expect, it } from 'vitest';
import { decodeCredits, readStatementFile, readStatementFilePacked } from './statement-file';

const ACCOUNT = '808-123456-838';

function hsbc(lines: number): Uint8Array {
  const head = `Account,${ACCOUNT}\nBooking date,Credit amount,Debit amount,Currency,Counterparty name,Counterparty account,Customer reference,Bank reference`;
  const rows: string[] = [];
  for (let i = 0; i < lines; i++) {
    const name = i % 3 === 0 ? `陳大文 ${i}` : i % 3 === 1 ? `Zoë "Q" Ng ${i}` : `CHAN TAI MAN ${i}`;
    const row = [
      i === 11 ? 'not a date' : '30/11/2026',
      i % 7 === 0 ? '' : `${i + 1}.25`,
      i % 7 === 0 ? '5.00' : '',
      'HKD',
      name,
      i % 5 === 0 ? '' : `0041234567${i}`,
      `HKOPEN ${i} 匯款`,
      `BR${i}`,
    ];
    rows.push(row.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','));
  }
  return new TextEncoder().encode(`${head}\n${rows.join('\n')}\n`);
}

describe('a statement packed for the import job', () => {
  it('gives back, batch by batch, the credits of the plain reading', () => {
    const job = { bytes: hsbc(1234), csvFormat: 'hsbc_hk_csv' as const, account: ACCOUNT };
    const plain = readStatementFile(job);
    const packed = readStatementFilePacked(job);
    if (!plain.ok || !packed.ok) throw new Error(`the statement was refused: ${JSON.stringify(plain)}`);
    expect(plain.credits.length).toBeGreaterThan(1000);
    expect(packed.creditCount).toBe(plain.credits.length);
    expect(packed.lineCount).toBe(plain.lineCount);
    expect(packed.format).toBe(plain.format);
    expect(packed.errors).toEqual(plain.errors.slice(0, 200));
    const batches = [];
    for (let from = 0; from < packed.creditCount; from += 97)
      batches.push(...decodeCredits(packed, from, from + 97));
    expect(batches).toEqual(plain.credits);
    // a resumed job starts mid-way; past the end there is nothing
    expect(decodeCredits(packed, 500, 503)).toEqual(plain.credits.slice(500, 503));
    expect(decodeCredits(packed, packed.creditCount, packed.creditCount + 10)).toEqual([]);
  });

  it('passes a refusal through', () => {
    const job = {
      bytes: new Uint8Array([0xff, 0xfe, 0x00]),
      csvFormat: 'hsbc_hk_csv' as const,
      account: ACCOUNT,
    };
    expect(readStatementFilePacked(job)).toEqual(readStatementFile(job));
  });
});
