// Operations match identity deposits against bank statements (issue #15, docs/deposit.md
// "Operations") on PGlite and PostgreSQL: statement imports of each format, idempotent by file and
// by line, refused whole when malformed; the automatic match and its flags (third party, short,
// the USD edge at the day's rate, no rate); manual match, refund and voucher request; permissions,
// CSRF and two staff racing. Applications reach "approved" through the applicant's real calls and
// the status service (as the applicant-side suite does); the reference code through remittance_info.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { ApplicationStatus } from '@hk/domain';
import {
  ApplicationSearchSchema,
  CreditListSchema,
  type CreditView,
  FxRateListSchema,
  type ImportResult,
  ReceivingAccountListSchema,
} from '@hk/domain/deposit/operations-contracts';
import { STAFF_API_PREFIX } from '@hk/domain/staff/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect } from 'vitest';
import * as z from 'zod/mini';
import {
  applicationEvents,
  applications,
  contentEvents,
  outboxMessages,
  remittances,
  staffJobs,
  statementCredits,
  statementImports,
} from '../src/db/schema';
import { IMPORT_BATCH_LINES } from '../src/plugins/app/deposit-operations/statement-import-job';
import { type EventMeta, SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { lockApplication } from '../src/plugins/app/steps/step-repository';
import { changeApplicationStatus } from '../src/plugins/app/submissions/status-service';
import { multipartBody, post } from './application-helpers';
import { type Applicant, saveStep } from './flow-step-helpers';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';
import { jobIn, jobOf, jobRunnerOf, readJob, runJobs } from './job-helpers';
import { createStaff, type SignedInStaff, type StaffAccount, signInStaff, staffCall } from './review-helpers';
import { ready, sign, submit } from './submit-helpers';

const pgUrl = await findPostgres();

const HK_ACCOUNT = { bank_code: '004', account_number: '123-456789-001', holder_name: 'Chan Tai Man' };
const approver: EventMeta = { ...SYSTEM_EVENT_META, actorType: 'staff', actorId: 'approver-1' };

interface Approved {
  applicant: Applicant;
  applicationId: string;
  reference: string;
}

interface HsbcRow {
  date: string; // DD/MM/YYYY
  credit?: string;
  debit?: string;
  ccy?: string;
  name: string;
  account: string;
  ref: string;
  bankRef?: string;
}

/** An HSBC HK business export (example map of statement.ts). */
function hsbcCsv(rows: HsbcRow[]): string {
  const head =
    'Account,808-123456-838\nBooking date,Credit amount,Debit amount,Currency,Counterparty name,Counterparty account,Customer reference,Bank reference';
  const lines = rows.map((r) =>
    [
      r.date,
      r.credit ?? '',
      r.debit ?? '',
      r.ccy ?? 'HKD',
      r.name,
      r.account,
      r.ref,
      r.bankRef ?? randomUUID(),
    ]
      .map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c))
      .join(','),
  );
  return `${head}\n${lines.join('\n')}\n`;
}

/** A BOCHK corporate export (one signed amount, YYYYMMDD). */
function bocCsv(
  rows: { date: string; amount: string; name: string; account: string; ref: string }[],
): string {
  const head = 'Transaction Date,Transaction Amount,Currency,Payer Name,Payer A/C No.,Remarks,Reference No.';
  return `${head}\n${rows.map((r) => [r.date, r.amount, 'USD', r.name, r.account, r.ref, randomUUID()].join(',')).join('\n')}\n`;
}

/** An ISO 20022 camt.053.001.02 statement of `account` with credit entries. */
function camt053(
  account: string,
  entries: { amount: string; ccy: string; date: string; name: string; payer: string; ref: string }[],
): string {
  const ntry = entries
    .map(
      (e) => `<Ntry><Amt Ccy="${e.ccy}">${e.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${e.date}</Dt></BookgDt><AcctSvcrRef>${randomUUID()}</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>${e.name}</Nm></Dbtr><DbtrAcct><Id><Othr><Id>${e.payer}</Id></Othr></Id></DbtrAcct></RltdPties>
<RmtInf><Ustrd>${e.ref}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>${randomUUID()}</MsgId><CreDtTm>2026-11-21T06:00:00+08:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><Acct><Id><Othr><Id>${account}</Id></Othr></Id></Acct>
${ntry}
</Stmt></BkToCstmrStmt></Document>
`;
}

describe.each(DB_KINDS)('operations: statements and matching (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);
  const staff = {} as Record<'ops' | 'ops2' | 'reviewer', StaffAccount>;
  const accounts = { HKD: '', USD: '' };

  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    staff.ops = await createStaff(t, ['operations']);
    staff.ops2 = await createStaff(t, ['operations'], 'zh-CN');
    staff.reviewer = await createStaff(t, ['reviewer']);
    const ops = await signInStaff(t, staff.ops);
    const list = z.parse(
      ReceivingAccountListSchema,
      (await staffCall(t, ops, 'GET', '/deposits/receiving-accounts')).json().data,
    );
    accounts.HKD = list.accounts.find((a) => a.currency === 'HKD')!.id;
    accounts.USD = list.accounts.find((a) => a.currency === 'USD')!.id;
  });
  const as = (who: keyof typeof staff) => signInStaff(t, staff[who]);

  /** Filled in, the bank step through its own call (HK account 004 123-456789-001), submitted, approved; its code. */
  async function approved(): Promise<Approved> {
    const applicant = await ready(t);
    const bank = await saveStep(t, applicant, 'bank', { confirm: true, answers: HK_ACCOUNT });
    expect(bank.json.status, JSON.stringify(bank.json)).toBe(0);
    await sign(t, applicant);
    const sent = await submit(t, applicant);
    expect(sent.json.status, JSON.stringify(sent.json)).toBe(0);
    const [app] = await t.app.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.userId, applicant.userId));
    await t.app.ctx.db.transaction(async (tx) => {
      const row = await lockApplication(tx, app!.id);
      await changeApplicationStatus(tx, row!, 'approve', approver, t.clock.now);
    });
    const info = await post(
      t,
      '/v9/OpenAccountHk/remittance_info',
      {},
      { token: applicant.token, lang: 'en' },
    );
    expect(info.json.status, JSON.stringify(info.json)).toBe(0);
    return { applicant, applicationId: app!.id, reference: info.json.data.reference };
  }

  function importFile(
    who: SignedInStaff | null,
    accountId: string,
    content: string | Buffer,
    opts: { filename?: string; lang?: string; csrf?: boolean } = {},
  ) {
    const { body, contentType } = multipartBody([
      { name: 'receiving_account_id', value: accountId },
      { name: 'file', filename: opts.filename ?? 'statement.csv', value: content, contentType: 'text/csv' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `${STAFF_API_PREFIX}/deposits/imports`,
      headers: {
        'content-type': contentType,
        lang: opts.lang ?? 'en',
        ...(who ? { cookie: who.cookie } : {}),
        ...(who && opts.csrf !== false ? { 'x-csrf-token': who.csrf } : {}),
      },
      payload: body,
    });
  }

  /** Uploaded (answered at once with its job), the job run, its result (issue #22). */
  async function imported(who: SignedInStaff, accountId: string, content: string): Promise<ImportResult> {
    const queued = jobIn(await importFile(who, accountId, content));
    expect(queued.kind).toBe('statement_import');
    await runJobs(t);
    const job = await jobOf(t, who, queued.id);
    expect(job, JSON.stringify(job.error)).toMatchObject({ state: 'succeeded', error: null });
    expect(job.progress.done).toBe(job.progress.total);
    return job.importResult!;
  }

  /** Uploaded, run, and failed: the job's words in `lang`. */
  async function refusedByJob(who: SignedInStaff, accountId: string, content: string | Buffer, lang = 'en') {
    const queued = jobIn(await importFile(who, accountId, content, { lang }));
    await runJobs(t);
    const job = await jobOf(t, who, queued.id, lang);
    expect(job.state).toBe('failed');
    expect(job.importResult).toBeNull();
    return job.error!;
  }

  async function creditOf(reference: string) {
    const [row] = await t.app.ctx.db
      .select()
      .from(statementCredits)
      .where(eq(statementCredits.reference, reference));
    return row!;
  }
  async function statusOf(applicationId: string) {
    const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, applicationId));
    return row!;
  }
  async function remittanceOf(applicationId: string) {
    const [row] = await t.app.ctx.db
      .select()
      .from(remittances)
      .where(eq(remittances.applicationId, applicationId));
    return row ?? null;
  }
  async function noticesOf(applicationId: string) {
    return t.app.ctx.db
      .select({
        template: outboxMessages.template,
        channel: outboxMessages.channel,
        lang: outboxMessages.lang,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.applicationId, applicationId));
  }
  async function tableCounts() {
    const [imports] = await t.app.ctx.db.select({ n: count() }).from(statementImports);
    const [credits] = await t.app.ctx.db.select({ n: count() }).from(statementCredits);
    return { imports: imports!.n, credits: credits!.n };
  }
  const putRate = (who: SignedInStaff, validFrom: string, hkdPerUnit: string) =>
    staffCall(t, who, 'PUT', '/deposits/fx-rates', { currency: 'USD', validFrom, hkdPerUnit });

  test('HSBC CSV: the applicant’s own deposit matches (2 → 3, notice), a third party is flagged and the applicant asked again', async () => {
    const own = await approved();
    const other = await approved();
    const ops = await as('ops');
    const file = hsbcCsv([
      {
        date: '20/11/2026',
        credit: '10,000.00',
        name: 'CHAN TAI MAN',
        account: '004-123-456789-001',
        ref: `Deposit ${own.reference}`,
      },
      {
        date: '20/11/2026',
        credit: '50,000.00',
        name: 'WONG SIU MING',
        account: '024-888-777666-5',
        ref: other.reference,
      },
      { date: '20/11/2026', credit: '300.00', name: 'LEE KA YAN', account: '111222333', ref: 'RENT NOV' },
      { date: '20/11/2026', debit: '1,000.00', name: 'BANK CHARGES', account: '', ref: 'FEE' },
    ]);
    const result = await imported(ops, accounts.HKD, file);
    expect(result).toMatchObject({
      duplicateFile: false,
      lines: 6,
      credits: 3,
      newCredits: 3,
      duplicates: 0,
      autoMatched: 1,
      flagged: 1,
      unmatched: 1,
      skipped: [],
    });

    // matched: the credit, the remittance, the status through the machine, the event, the notice
    const matched = await creditOf(`Deposit ${own.reference}`);
    expect(matched).toMatchObject({ state: 'matched', matchKind: 'auto', applicationId: own.applicationId });
    expect(matched.payerAccountMasked).toBe('********9001');
    expect(matched.payerAccountSealed).not.toContain('456789');
    expect(t.app.ctx.vault.decrypt(matched.payerAccountSealed!)).toBe('004123456789001');
    const app = await statusOf(own.applicationId);
    expect(app.status).toBe(ApplicationStatus.ACTIVATED);
    expect(app.activatedAt).not.toBeNull();
    expect(await remittanceOf(own.applicationId)).toMatchObject({
      state: 'matched',
      matchedCreditId: matched.id,
    });
    const events = await t.app.ctx.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, own.applicationId));
    expect(
      events.some((e) => e.type === 'status_changed' && e.statusTo === 3 && e.actorType === 'operations'),
    ).toBe(true);
    expect(events.some((e) => e.type === 'deposit_matched')).toBe(true);
    expect(await noticesOf(own.applicationId)).toContainEqual({
      template: 'activated',
      channel: 'sms',
      lang: 'zh-CN',
    });

    // the third party: flagged with its reasons, never matched; asked again; told of the refund
    const flagged = await creditOf(other.reference);
    expect(flagged.state).toBe('flagged');
    expect(flagged.flagReasons).toEqual(['payer_account_not_designated', 'payer_name_mismatch']);
    expect((await statusOf(other.applicationId)).status).toBe(ApplicationStatus.APPROVED);
    expect(await remittanceOf(other.applicationId)).toMatchObject({
      state: 'voucher_requested',
      voucherRequestReason: 'third_party_payer',
    });
    expect((await noticesOf(other.applicationId)).map((n) => n.template)).toContain('third_party_refund');
    // what the applicant reads now: asked again, with the reason
    const info = await post(
      t,
      '/v9/OpenAccountHk/remittance_info',
      {},
      { token: other.applicant.token, lang: 'en' },
    );
    expect(JSON.stringify(info.json.data)).toContain('voucher_requested');

    // the lists by state, in the staff member's language, amounts in their currency
    const list = z.parse(
      CreditListSchema,
      (await staffCall(t, ops, 'GET', '/deposits/credits?state=flagged&pageSize=100')).json().data,
    );
    const view = list.credits.find((c) => c.id === flagged.id)!;
    expect(view).toMatchObject({
      amountText: 'HKD 50,000.00',
      payerAccountMasked: '********6665',
      canRecordRefund: true,
    });
    expect(view.reasons.map((r) => r.label)).toContain(
      'The payer name is not the applicant’s (third party).',
    );
    const zh = await t.app.inject({
      method: 'GET',
      url: `${STAFF_API_PREFIX}/deposits/credits?state=matched&pageSize=100`,
      headers: { cookie: ops.cookie, lang: 'zh-HK' },
    });
    const zhView = z.parse(CreditListSchema, zh.json().data).credits.find((c) => c.id === matched.id)!;
    expect(zhView).toMatchObject({ stateLabel: '已配對', matchKindLabel: '自動配對' });
    expect(zhView.application?.statusLabel).toBe('已啟動');

    // the file is kept sealed in the file store
    const [imp] = await t.app.ctx.db
      .select()
      .from(statementImports)
      .where(eq(statementImports.id, result.importId));
    expect((await t.app.ctx.files.get(t.app.ctx.db, imp!.storageKey))?.toString()).toBe(file);
    expect(imp!.importedBy).toBe(staff.ops.id);

    // the same file again: its first import, nothing new
    const before = await tableCounts();
    const again = await imported(ops, accounts.HKD, file);
    expect(again).toMatchObject({
      duplicateFile: true,
      importId: result.importId,
      newCredits: 3,
      autoMatched: 1,
      flagged: 1,
      unmatched: 1,
    });
    expect(await tableCounts()).toEqual(before);

    // the same line in another file: one credit
    const overlap = file
      .split('\n')
      .filter((l) => l.includes(other.reference))
      .join('\n');
    const second = `${hsbcCsv([{ date: '21/11/2026', credit: '20,000.00', name: 'HO MEI', account: '9', ref: 'GIFT' }])}${overlap}\n`;
    const next = await imported(ops, accounts.HKD, second);
    expect(next).toMatchObject({
      duplicateFile: false,
      credits: 2,
      newCredits: 1,
      duplicates: 1,
      unmatched: 1,
    });
  });

  test('BOC CSV in USD: exactly the HKD 10,000 equivalent passes, one cent less is short, no rate is flagged until a rate and a manual match', async () => {
    const ops = await as('ops');
    const exact = await approved();
    const short = await approved();
    const noRate = await approved();
    expect((await putRate(ops, '2026-11-01', '7.8123')).json().status).toBe(0);
    const file = bocCsv([
      {
        date: '20261120',
        amount: '1280.04',
        name: 'CHAN TAI MAN',
        account: '123456789001',
        ref: exact.reference,
      },
      {
        date: '20261120',
        amount: '1280.03',
        name: 'Chan Tai-man',
        account: '123456789001',
        ref: short.reference,
      },
      {
        date: '20261031',
        amount: '5000.00',
        name: 'CHAN TAI MAN',
        account: '123456789001',
        ref: noRate.reference,
      },
    ]);
    const result = await imported(ops, accounts.USD, file);
    expect(result).toMatchObject({ credits: 3, autoMatched: 1, flagged: 2 });
    expect((await creditOf(exact.reference)).state).toBe('matched');
    expect((await statusOf(exact.applicationId)).status).toBe(3);
    const shortCredit = await creditOf(short.reference);
    expect(shortCredit).toMatchObject({ state: 'flagged', flagReasons: ['amount_short'] });
    expect(await remittanceOf(short.applicationId)).toMatchObject({
      state: 'voucher_requested',
      voucherRequestReason: 'amount_short',
    });
    const noRateCredit = await creditOf(noRate.reference);
    expect(noRateCredit).toMatchObject({ state: 'flagged', flagReasons: ['no_fx_rate'] });
    // no rate is no third party: the applicant is not asked again
    expect((await remittanceOf(noRate.applicationId))?.state ?? 'open').not.toBe('voucher_requested');

    // a manual match that breaks a rule is refused with its reasons, and writes nothing
    const refused = await staffCall(t, ops, 'POST', `/deposits/credits/${noRateCredit.id}/match`, {
      version: noRateCredit.version,
      applicationId: noRate.applicationId,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: 5204,
      data: { fields: { no_fx_rate: expect.any(String) } },
    });
    expect((await creditOf(noRate.reference)).state).toBe('flagged');

    // the rate of that day entered: the same match is allowed, by hand, on record
    expect((await putRate(ops, '2026-10-31', '7.80')).json().status).toBe(0);
    const allowed = await staffCall(t, ops, 'POST', `/deposits/credits/${noRateCredit.id}/match`, {
      version: noRateCredit.version,
      applicationId: noRate.applicationId,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const view = allowed.json().data as CreditView;
    expect(view).toMatchObject({ state: 'matched', matchKind: 'manual', amountText: 'USD 5,000.00' });
    expect(view.matchedBy).toContain('operations');
    expect((await creditOf(noRate.reference)).matchedBy).toBe(staff.ops.id);
    expect((await statusOf(noRate.applicationId)).status).toBe(3);
    expect((await noticesOf(noRate.applicationId)).map((n) => n.template)).toContain('activated');
  });

  test('camt.053 of the receiving account; the third party’s money refunded on record', async () => {
    const ops = await as('ops');
    const own = await approved();
    const other = await approved();
    const xml = camt053('808-123456-838', [
      {
        amount: '10000.00',
        ccy: 'HKD',
        date: '2026-11-22',
        name: '陳大文',
        payer: '004123456789001',
        ref: own.reference,
      },
      {
        amount: '10000.00',
        ccy: 'HKD',
        date: '2026-11-22',
        name: 'CHAN TAI MAN',
        payer: '004999999999',
        ref: other.reference,
      },
    ]);
    // no Chinese name on this applicant's ID: the Chinese payer name cannot be theirs
    const result = await imported(ops, accounts.HKD, xml);
    expect(result).toMatchObject({ credits: 2, autoMatched: 0, flagged: 2 });
    expect((await creditOf(own.reference)).flagReasons).toEqual(['payer_name_mismatch']);
    const third = await creditOf(other.reference);
    expect(third.flagReasons).toEqual(['payer_account_not_designated']);

    const refund = await staffCall(t, ops, 'POST', `/deposits/credits/${third.id}/refund`, {
      version: third.version,
      note: 'Returned by CHATS on 23/11',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data).toMatchObject({
      state: 'refund_recorded',
      refundNote: 'Returned by CHATS on 23/11',
    });
    const row = await creditOf(other.reference);
    expect(row).toMatchObject({ refundRecordedBy: staff.ops.id });
    expect(row.refundRecordedAt).not.toBeNull();
    // twice: the version moved on
    const again = await staffCall(t, ops, 'POST', `/deposits/credits/${third.id}/refund`, {
      version: third.version,
      note: 'again',
    });
    expect([again.statusCode, again.json().status]).toEqual([409, 5202]);
    // a note is needed, and a refunded credit cannot be matched
    const noNote = await staffCall(t, ops, 'POST', `/deposits/credits/${third.id}/refund`, {
      version: row.version,
      note: '',
    });
    expect(noNote.json()).toMatchObject({ status: 1002, data: { fields: { note: 'Write a note.' } } });
    const match = await staffCall(t, ops, 'POST', `/deposits/credits/${third.id}/match`, {
      version: row.version,
      applicationId: other.applicationId,
    });
    expect([match.statusCode, match.json().status]).toEqual([409, 5205]);
  });

  test('malformed files: each answers a clear error in the staff member’s language and writes nothing', async () => {
    const ops = await as('ops');
    const before = await tableCounts();
    const boc = bocCsv([{ date: '20261120', amount: '10.00', name: 'X', account: '1', ref: 'R' }]);
    const cases: [string | Buffer, string, string][] = [
      [
        Buffer.from([0xff, 0xfe, 0x00, 0x41, 0xc3, 0x28]),
        accounts.HKD,
        'The statement file is not UTF-8 text.',
      ],
      [
        boc,
        accounts.HKD,
        'This file is not in the statement format of the chosen account: check the account and the file.',
      ],
      [
        'just some text\nwithout a header\n',
        accounts.HKD,
        'This file is not in the statement format of the chosen account: check the account and the file.',
      ],
      [
        hsbcCsv([{ date: '31/02/2026', credit: '10.00', name: 'A', account: '1', ref: 'R' }]),
        accounts.HKD,
        'The booking date of this line cannot be read.',
      ],
      [
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Document/>',
        accounts.HKD,
        'This XML file declares a document type or entities, which statements never do: it is refused.',
      ],
      [
        '<Document><BkToCstmrStmt><Stmt>',
        accounts.HKD,
        "This file cannot be read as a statement: check that it is the bank's export, not edited.",
      ],
      [
        '<Document><Other/></Document>',
        accounts.HKD,
        'This file is not an ISO 20022 camt.053 bank statement.',
      ],
      [
        camt053('999-000000-1', [
          { amount: '1.00', ccy: 'HKD', date: '2026-11-22', name: 'A', payer: '1', ref: 'R' },
        ]),
        accounts.HKD,
        'This statement is of another account than the one chosen for the import.',
      ],
      [
        `Booking date,Credit amount\n${'\n'.repeat(100_001)}`,
        accounts.HKD,
        'This statement is too large: at most 20 MB and 100,000 lines per file.',
      ],
      [
        Buffer.alloc(20 * 1024 * 1024 + 1, 0x41),
        accounts.HKD,
        'This statement is too large: at most 20 MB and 100,000 lines per file.',
      ],
    ];
    // issue #22: the upload answers a job at once; the job reads the file and fails with why
    for (const [content, account, message] of cases) {
      const res = await importFile(ops, account, content);
      if (res.statusCode === 400) {
        // over the size limit: refused while it streams, before any job
        expect(res.json(), message).toMatchObject({ status: 5203, info: message });
        continue;
      }
      await runJobs(t);
      const job = await jobOf(t, ops, jobIn(res).id);
      expect(job.state, message).toBe('failed');
      expect(job.error?.message, message).toBe(message);
    }
    // in the language of the console
    const zh = await refusedByJob(ops, accounts.HKD, boc, 'zh-CN');
    expect(zh.message).toBe('此文件不是所选收款账户的结单格式，请确认账户和文件');
    // no file, no account, an unknown account, not multipart
    const noAccount = await importFile(ops, randomUUID(), boc);
    expect(noAccount.json()).toMatchObject({
      status: 1002,
      data: { fields: { receiving_account_id: 'Choose the receiving account.' } },
    });
    const { body, contentType } = multipartBody([{ name: 'receiving_account_id', value: accounts.HKD }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `${STAFF_API_PREFIX}/deposits/imports`,
      headers: { 'content-type': contentType, cookie: ops.cookie, 'x-csrf-token': ops.csrf, lang: 'en' },
      payload: body,
    });
    expect(noFile.json()).toMatchObject({
      status: 1002,
      data: { fields: { file: 'Choose the statement file.' } },
    });
    const json = await staffCall(t, ops, 'POST', '/deposits/imports', { file: 'x' });
    expect(json.statusCode).toBeLessThan(500);
    expect(json.json().status).toBe(1002);
    expect(await tableCounts()).toEqual(before);
  });

  // issue #22: the import is a background job (docs/backoffice.md "Jobs")
  test('an import is a job: answered at once, progress to the total batch by batch, resumed after a crash mid-way without duplicates', async () => {
    const own = await approved();
    const ops = await as('ops');
    const rows: HsbcRow[] = Array.from({ length: 1_200 }, (_, i) => ({
      date: '22/11/2026',
      credit: `${100 + i}.00`,
      name: `PAYER ${i}`,
      account: String(200_000_000 + i),
      ref: `BATCH-${i}`,
      bankRef: `JOB-${kind}-${i}-${randomUUID()}`,
    }));
    // the applicant's own deposit past the first batch (IMPORT_BATCH_LINES)
    expect(IMPORT_BATCH_LINES).toBeLessThan(700);
    rows[700] = {
      date: '22/11/2026',
      credit: '10,000.00',
      name: 'CHAN TAI MAN',
      account: '004-123-456789-001',
      ref: `Deposit ${own.reference}`,
    };
    const file = hsbcCsv(rows);
    const queued = jobIn(await importFile(ops, accounts.HKD, file));
    // answered before the file is read: nothing of it written yet
    expect(queued).toMatchObject({ state: 'queued', progress: { done: 0, total: null }, importResult: null });
    const [imp] = await t.app.ctx.db
      .select()
      .from(statementImports)
      .where(eq(statementImports.jobId, queued.id));
    expect(imp).toMatchObject({ creditCount: 0, newCreditCount: 0, importedBy: staff.ops.id });
    const creditsOfImport = async () =>
      (
        await t.app.ctx.db
          .select({ n: count() })
          .from(statementCredits)
          .where(eq(statementCredits.importId, imp!.id))
      )[0]!.n;
    expect(await creditsOfImport()).toBe(0);
    // the same file while the first import is still waiting: that import's job
    expect(jobIn(await importFile(ops, accounts.HKD, file)).id).toBe(queued.id);

    // the process dies right after the first batch's commit
    const crashing = jobRunnerOf(t, {
      afterBatch: () => {
        throw new Error('the process died');
      },
    });
    expect(await crashing.runOnce()).toBe(1);
    const halfway = await jobOf(t, ops, queued.id);
    expect(halfway).toMatchObject({
      state: 'running',
      progress: { done: IMPORT_BATCH_LINES, total: 1_200 },
    });
    expect(await creditsOfImport()).toBe(IMPORT_BATCH_LINES);
    expect((await statusOf(own.applicationId)).status).toBe(ApplicationStatus.APPROVED);
    // its lease still holds: no one else takes it meanwhile
    expect(await runJobs(t)).toBe(0);

    // once the lease has run out, another runner goes on from the committed batch
    t.clock.advance(121);
    expect(await runJobs(t)).toBe(1);
    const done = await jobOf(t, ops, queued.id);
    expect(done).toMatchObject({ state: 'succeeded', progress: { done: 1_200, total: 1_200 } });
    expect(done.importResult).toMatchObject({
      duplicateFile: false,
      lines: 1_202,
      credits: 1_200,
      newCredits: 1_200,
      duplicates: 0,
      autoMatched: 1,
      flagged: 0,
      unmatched: 1_199,
    });
    expect(await creditsOfImport()).toBe(1_200);
    expect((await creditOf(`Deposit ${own.reference}`)).state).toBe('matched');
    expect((await statusOf(own.applicationId)).status).toBe(ApplicationStatus.ACTIVATED);
    expect(
      (await noticesOf(own.applicationId)).filter((n) => n.template === 'activated').length,
    ).toBeGreaterThan(0);
    const [row] = await t.app.ctx.db.select().from(staffJobs).where(eq(staffJobs.id, queued.id));
    expect(row).toMatchObject({ attempts: 2, leaseToken: null });

    // another operations member follows it; someone without deposit.match does not see it
    const ops2 = await as('ops2');
    expect((await jobOf(t, ops2, queued.id, 'zh-CN')).stateLabel).toBe('已完成');
    const reviewer = await as('reviewer');
    expect((await readJob(t, reviewer, queued.id)).statusCode).toBe(404);
    expect((await readJob(t, ops, randomUUID())).statusCode).toBe(404);
    const malformed = await readJob(t, ops, 'not-a-job');
    expect(malformed.statusCode).toBeLessThan(500);
    expect(malformed.json().status).not.toBe(0);
  });

  test('two runners at once never run the same job twice; a job interrupted too often ends failed with words', async () => {
    const ops = await as('ops');
    const files = [0, 1, 2].map((n) =>
      hsbcCsv([
        {
          date: '23/11/2026',
          credit: `${n + 1}.00`,
          name: 'A',
          account: '1',
          ref: `TWO-${n}`,
          bankRef: randomUUID(),
        },
      ]),
    );
    const ids = [];
    for (const f of files) ids.push(jobIn(await importFile(ops, accounts.HKD, f)).id);
    const [a, b] = await Promise.all([jobRunnerOf(t).runOnce(), jobRunnerOf(t).runOnce()]);
    expect(a + b).toBe(3);
    const rows = await t.app.ctx.db.select().from(staffJobs).where(inArray(staffJobs.id, ids));
    expect(rows.map((r) => [r.state, r.attempts])).toEqual(rows.map(() => ['succeeded', 1]));

    // a job that keeps dying (every claim ends in a crash) is failed after its attempts, not tried for ever
    const f = hsbcCsv([
      { date: '23/11/2026', credit: '9.00', name: 'A', account: '1', ref: 'DIES', bankRef: randomUUID() },
    ]);
    const queued = jobIn(await importFile(ops, accounts.HKD, f));
    await t.app.ctx.db.update(staffJobs).set({ attempts: 5 }).where(eq(staffJobs.id, queued.id));
    await runJobs(t);
    const failed = await jobOf(t, ops, queued.id, 'en');
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toMatch(/stopped several times/);
    expect((await jobOf(t, ops, queued.id, 'zh-HK')).error?.message).toMatch(/多次中斷/);
  });

  test('a statement whose Content-Length is over the limit is refused before its body is read', async () => {
    const ops = await as('ops');
    // the app's own server, listening for this test only (the suite goes on through inject)
    await new Promise<void>((resolve) => t.app.server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const started = performance.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          // a 50 MB body announced, a few bytes sent: an answer now means nothing waited for the rest
          socket.write(
            `POST ${STAFF_API_PREFIX}/deposits/imports HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${50 * 1024 * 1024}\r\nCookie: ${ops.cookie}\r\nX-CSRF-Token: ${ops.csrf}\r\nlang: en\r\n\r\n--b\r\n`,
          );
        });
        let text = '';
        socket.on('data', (d) => {
          text += d.toString();
          if (text.includes('\r\n\r\n') && text.includes('}')) {
            socket.destroy();
            resolve(text);
          }
        });
        socket.on('error', reject);
        setTimeout(() => reject(new Error('no answer within 5 s')), 5000);
      });
      expect(performance.now() - started).toBeLessThan(5000);
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(answer).toContain('"status":5203');
    } finally {
      await new Promise((resolve) => t.app.server.close(resolve));
    }
  });

  test('a 10,000-line statement imports within the limits (timed)', async () => {
    const ops = await as('ops');
    const rows: HsbcRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      date: '23/11/2026',
      credit: `${1000 + (i % 9000)}.${String(i % 100).padStart(2, '0')}`,
      name: `PAYER ${i}`,
      account: String(100_000_000 + i),
      ref: `INV-${i}`,
      bankRef: `BULK-${kind}-${i}-${randomUUID()}`,
    }));
    const file = hsbcCsv(rows);
    const started = performance.now();
    const result = await imported(ops, accounts.HKD, file);
    const ms = Math.round(performance.now() - started);
    console.info(
      `[deposit-operations] ${kind}: 10,000-line statement (${file.length} bytes) imported in ${ms} ms`,
    );
    expect(result).toMatchObject({ credits: 10_000, newCredits: 10_000, unmatched: 10_000 });
    expect(ms).toBeLessThan(60_000);
  });

  test('permissions: a reviewer cannot import, a signed-out request is refused, CSRF is required', async () => {
    const reviewer = await as('reviewer');
    const ops = await as('ops');
    const file = hsbcCsv([{ date: '20/11/2026', credit: '1.00', name: 'A', account: '1', ref: 'R' }]);
    const denied = await importFile(reviewer, accounts.HKD, file);
    expect([denied.statusCode, denied.json().status]).toEqual([403, 5004]);
    const anonymous = await importFile(null, accounts.HKD, file);
    expect([anonymous.statusCode, anonymous.json().status]).toEqual([401, 5001]);
    const noCsrf = await importFile(ops, accounts.HKD, file, { csrf: false });
    expect([noCsrf.statusCode, noCsrf.json().status]).toEqual([403, 5005]);
    for (const path of [
      '/deposits/credits?state=unmatched',
      '/deposits/fx-rates',
      '/deposits/applications?q=CHAN',
    ])
      expect((await staffCall(t, reviewer, 'GET', path)).statusCode).toBe(403);
    expect(
      (
        await staffCall(t, reviewer, 'PUT', '/deposits/fx-rates', {
          currency: 'USD',
          validFrom: '2026-01-01',
          hkdPerUnit: '7.8',
        })
      ).statusCode,
    ).toBe(403);
    const noCsrfRate = await staffCall(
      t,
      ops,
      'PUT',
      '/deposits/fx-rates',
      { currency: 'USD', validFrom: '2026-01-01', hkdPerUnit: '7.8' },
      { csrf: false },
    );
    expect(noCsrfRate.json().status).toBe(5005);
  });

  test('FX rates: entered, listed, corrected with a content event (before and after), bad input at its field', async () => {
    const ops = await as('ops');
    expect((await putRate(ops, '2026-06-01', '7.8100')).json().status).toBe(0);
    const changed = await putRate(ops, '2026-06-01', '7.82');
    const list = z.parse(FxRateListSchema, changed.json().data);
    expect(list.rates.find((r) => r.validFrom === '2026-06-01')).toMatchObject({
      hkdPerUnit: '7.82',
      currency: 'USD',
    });
    const events = await t.app.ctx.db
      .select()
      .from(contentEvents)
      .where(and(eq(contentEvents.entity, 'fx_rate'), eq(contentEvents.entityId, 'USD:2026-06-01')))
      .orderBy(contentEvents.id);
    expect(events.map((e) => [e.action, e.previous, e.next])).toEqual([
      ['created', null, { hkdPerUnit: '7.81' }],
      ['updated', { hkdPerUnit: '7.81' }, { hkdPerUnit: '7.82' }],
    ]);
    // the same rate again changes nothing
    await putRate(ops, '2026-06-01', '7.820');
    expect(
      (
        await t.app.ctx.db
          .select({ n: count() })
          .from(contentEvents)
          .where(eq(contentEvents.entityId, 'USD:2026-06-01'))
      )[0]!.n,
    ).toBe(2);
    const bad = await putRate(ops, '2026-06-31', 'seven');
    expect(bad.json()).toMatchObject({ status: 1002 });
    expect(Object.keys(bad.json().data.fields).sort()).toEqual(['hkdPerUnit', 'validFrom']);
  });

  test('a clearer voucher asked for; the search by code and name; two staff racing to match one credit: one wins', async () => {
    const ops = await as('ops');
    const ops2 = await as('ops2');
    const target = await approved();
    // the applicant's transfer note had no code: unmatched, for a person
    const file = hsbcCsv([
      {
        date: '24/11/2026',
        credit: '12,000.00',
        name: 'CHAN TAI MAN',
        account: '123456789001',
        ref: 'ACCOUNT OPENING',
      },
    ]);
    expect(await imported(ops, accounts.HKD, file)).toMatchObject({ unmatched: 1 });
    const credit = await creditOf('ACCOUNT OPENING');
    expect(credit).toMatchObject({ state: 'unmatched' });

    const byCode = z.parse(
      ApplicationSearchSchema,
      (await staffCall(t, ops, 'GET', `/deposits/applications?q=${target.reference.toLowerCase()}`)).json()
        .data,
    );
    expect(byCode.applications.map((a) => a.id)).toEqual([target.applicationId]);
    expect(byCode.applications[0]).toMatchObject({ statusLabel: 'Approved, awaiting deposit' });
    const short = await staffCall(t, ops, 'GET', '/deposits/applications?q=C');
    expect(short.json()).toMatchObject({ status: 1002 });

    // ask for a clearer voucher: the reason on record, a notice, the version compared
    const remittanceVersion = (await remittanceOf(target.applicationId))?.version ?? 0;
    const asked = await staffCall(
      t,
      ops,
      'POST',
      `/deposits/applications/${target.applicationId}/voucher-request`,
      {
        version: remittanceVersion,
        reason: 'reference_missing',
        note: 'Please show the transfer note',
      },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.remittance).toMatchObject({
      state: 'voucher_requested',
      reasonLabel: 'The transfer did not carry your reference code, so we cannot find it',
    });
    expect((await noticesOf(target.applicationId)).map((n) => n.template)).toContain('voucher_requested');
    const stale = await staffCall(
      t,
      ops,
      'POST',
      `/deposits/applications/${target.applicationId}/voucher-request`,
      {
        version: remittanceVersion,
        reason: 'unreadable',
        note: null,
      },
    );
    expect([stale.statusCode, stale.json().status]).toEqual([409, 5202]);
    const badReason = await staffCall(
      t,
      ops,
      'POST',
      `/deposits/applications/${target.applicationId}/voucher-request`,
      {
        version: remittanceVersion + 1,
        reason: 'because',
        note: null,
      },
    );
    expect(badReason.json()).toMatchObject({
      status: 1002,
      data: { fields: { reason: 'Choose a reason.' } },
    });

    // two staff match the same credit at once: one wins, the other is told, nothing is doubled
    const [a, b] = await Promise.all([
      staffCall(t, ops, 'POST', `/deposits/credits/${credit.id}/match`, {
        version: credit.version,
        applicationId: target.applicationId,
      }),
      staffCall(t, ops2, 'POST', `/deposits/credits/${credit.id}/match`, {
        version: credit.version,
        applicationId: target.applicationId,
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().status).toBe(5202);
    const statusEvents = await t.app.ctx.db
      .select()
      .from(applicationEvents)
      .where(
        and(
          eq(applicationEvents.applicationId, target.applicationId),
          eq(applicationEvents.type, 'deposit_matched'),
        ),
      );
    expect(statusEvents).toHaveLength(1);
    expect((await statusOf(target.applicationId)).status).toBe(3);
    // the application is activated: a voucher can no longer be asked for
    const late = await staffCall(
      t,
      ops,
      'POST',
      `/deposits/applications/${target.applicationId}/voucher-request`,
      {
        version: (await remittanceOf(target.applicationId))!.version,
        reason: 'unreadable',
        note: null,
      },
    );
    expect([late.statusCode, late.json().status]).toEqual([409, 5206]);
    // another unknown credit id, or a malformed one
    expect(
      (
        await staffCall(t, ops, 'POST', `/deposits/credits/${randomUUID()}/match`, {
          version: 0,
          applicationId: target.applicationId,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await staffCall(t, ops, 'POST', '/deposits/credits/nope/refund', { version: 0, note: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});
