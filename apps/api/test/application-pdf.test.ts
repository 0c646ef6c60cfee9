// The application PDF (issue #7 §6) on PGlite and PostgreSQL: built from the frozen snapshot, read
// back with pdf.js. The submission is made through submitApplication with a smaller registry
// (identity, signature, review): the ID step through the real routes, the signature step and its
// image written directly (the signing route is tested with its own step).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { identityStep, reviewStep, type StepDefinition, signatureStep } from '@hk/domain';
import { answersHashForSigning } from '@hk/domain/steps/signature/signing';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { submissions } from '../src/db/schema';
import { LOCALES_DIR, readCatalogueTexts } from '../src/lib/catalogue-texts';
import { insertDocument } from '../src/plugins/app/documents/document-repository';
import { SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { listStepRows, lockEditableApplicationOfUser } from '../src/plugins/app/steps/step-repository';
import { writeStep } from '../src/plugins/app/steps/step-service';
import {
  buildApplicationPdf,
  clearApplicationPdfCache,
} from '../src/plugins/app/submissions/application-pdf';
import { submitApplication } from '../src/plugins/app/submissions/submission-service';
import {
  cnIdNumber,
  createLoggedInUser,
  hkIdNumber,
  post,
  prepareIdStep,
  signedQuery,
  type TestUser,
} from './application-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';

const pgUrl = await findPostgres();

/** The signature step with answers (its form is the signature helper's): what the snapshot holds. */
const SIGNED_STEPS: StepDefinition[] = [
  identityStep,
  { ...signatureStep, answers: z.record(z.string(), z.unknown()) },
  reviewStep,
];

/** Enough agreements that the PDF runs over several pages (the footer must be on each). */
const AGREEMENTS = Array.from({ length: 40 }, (_, i) => ({
  id: `agreement-${i + 1}`,
  version: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
  sha256: createHash('sha256')
    .update(`agreement ${i + 1}`)
    .digest('hex'),
  title: i === 0 ? '客户协议' : `Agreement ${i + 1}`,
}));

interface Applicant extends TestUser {
  idNumber: string;
  name: string;
}

async function applicant(t: TestApp, kind: 'cn' | 'hk', name: string): Promise<Applicant> {
  const user = await createLoggedInUser(t);
  // a submitted application holds its ID number (2003 for anyone else): every applicant of the
  // suite needs one of their own, so the mainland number varies by birth date as well as sequence
  // (89 sequences alone collided within a run)
  const birthDate = new Date(Date.UTC(1970, 0, 1) + Math.floor(Math.random() * 10_000) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const idNumber =
    kind === 'cn'
      ? cnIdNumber(birthDate, 'M', '440305', String(10 + Math.floor(Math.random() * 89)))
      : hkIdNumber('E', String(100000 + Math.floor(Math.random() * 899999)));
  await prepareIdStep(t, user, { id_location: kind === 'cn' ? 'CN' : 'HK' });
  const res = await post(
    t,
    '/v9/OpenAccountHk/id_info',
    {
      id_type: kind === 'cn' ? 'cn_id' : 'hk_id',
      id_location: kind === 'cn' ? 'CN' : 'HK',
      english_surname: 'CHAN',
      english_given_name: 'TAI MAN',
      chinese_name: name,
      name_matches_bank: '1',
      gender: 'M',
      birth_date: birthDate,
      id_number: idNumber,
    },
    { token: user.token },
  );
  expect(res.json.status, JSON.stringify(res.json)).toBe(0);
  return { ...user, idNumber, name };
}

/** A drawn signature: dark strokes on white, as a PNG. */
async function signaturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240"><rect width="600" height="240" fill="white"/><path d="M40 180 C 120 20, 200 220, 300 90 S 480 60, 560 160" stroke="black" stroke-width="6" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Signs (agreements, hash, time) and stores the signature image, then submits. */
async function signAndSubmit(t: TestApp, user: Applicant, language: 'zh-CN' | 'zh-HK' | 'en' = 'zh-CN') {
  const png = await signaturePng();
  const staged = await t.app.ctx.files.stage(png);
  let answersHash = '';
  await t.app.ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, user.userId);
    // what the signature covers: every step's answers as they stand (submit checks it again)
    const rows = await listStepRows(tx, app.id);
    answersHash = answersHashForSigning(
      rows.map((r) => ({ step: r.step as StepDefinition['id'], answers: r.answers, sealed: r.sealed })),
    );
    await writeStep(
      tx,
      { vault: t.app.ctx.vault, now: t.app.ctx.now(), meta: SYSTEM_EVENT_META, steps: SIGNED_STEPS },
      app,
      'signature',
      {
        answers: {
          agreements: AGREEMENTS,
          answers_hash: answersHash,
          signed_at: t.app.ctx.now().toISOString(),
          language,
          pad: { width: 600, height: 240 },
          strokes: [[{ x: 1, y: 2, t: 3 }]],
        },
        confirm: true,
      },
    );
    await staged.attach(tx);
    await insertDocument(tx, {
      userId: user.userId,
      applicationId: app.id,
      step: 'signature',
      kind: 'signature',
      storageKey: staged.key,
      mime: 'image/png',
      size: png.length,
      width: 600,
      height: 240,
      sha256: createHash('sha256').update(png).digest('hex'),
      createdAt: t.app.ctx.now(),
    });
  });
  t.clock.advance(60);
  const submitted = await submitApplication(
    t.app.ctx,
    user.userId,
    { ...SYSTEM_EVENT_META, actorType: 'applicant', actorId: user.userId },
    { steps: SIGNED_STEPS },
  );
  return { ...submitted, answersHash };
}

function getPdf(t: TestApp, token: string | undefined, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/v9/OpenAccountHk/application_pdf?${signedQuery(t, token ?? '')}${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The text of each page, as pdf.js reads it. */
async function pageTexts(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return pages;
}

describe.each(DB_KINDS)('application PDF (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run(
    'the PDF of the submission: Chinese name, masked ID, documents, agreements, signature, hash on every page',
    async () => {
      clearApplicationPdfCache();
      const user = await applicant(t, 'cn', '陈大文');
      const { submission, answersHash } = await signAndSubmit(t, user);
      const res = await getPdf(t, user.token, '&lang=zh-CN');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="application-${submission.number}.pdf"`,
      );
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      const pages = await pageTexts(pdf);
      expect(pages.length).toBeGreaterThanOrEqual(2);
      for (const [i, text] of pages.entries())
        expect(text, `page ${i + 1} carries the snapshot hash`).toContain(submission.sha256);
      const all = pages.join('\n');
      expect(all).toContain('陈大文');
      expect(all).toContain('证券账户开户申请书');
      expect(all).toContain('证件号码');
      // the ID number only masked: the stored masked form, never the number
      const [row] = await t.app.ctx.db.select().from(submissions);
      const steps = row!.snapshot.steps as {
        step: string;
        sealed: Record<string, { masked: string; sealed: string }>;
      }[];
      const sealedId = steps.find((s) => s.step === 'identity')!.sealed.id_number!;
      expect(sealedId.masked).toBeTruthy();
      expect(all).toContain(sealedId.masked);
      expect(all).not.toContain(user.idNumber);
      expect(all).not.toContain(sealedId.sealed);
      // every document of the snapshot with its SHA-256, the signature among them
      const docs = row!.snapshot.documents as { kind: string; sha256: string }[];
      expect(docs.map((d) => d.kind).sort()).toEqual(['id_back', 'id_front', 'signature']);
      for (const d of docs) expect(all).toContain(d.sha256);
      // the agreements with their versions and hashes, and what the signature covers
      expect(all).toContain('客户协议');
      for (const a of [AGREEMENTS[0]!, AGREEMENTS[39]!]) {
        expect(all).toContain(a.sha256);
        expect(all).toContain(a.version);
      }
      expect(all).toContain(answersHash);
      // the signature is drawn (an image XObject), the strokes are not printed
      expect(pdf.includes(Buffer.from('/Subtype /Image'))).toBe(true);
      expect(all).not.toContain('"x":1');
      // the font is embedded as a subset (tag+name), and the file stays small
      expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansHans-Regular/);
      expect(pdf.length).toBeLessThan(300 * 1024);
    },
  );

  run('labels in the language asked for: Traditional Chinese and English', async () => {
    clearApplicationPdfCache();
    const user = await applicant(t, 'hk', '陳大文');
    const { submission } = await signAndSubmit(t, user);
    const hk = (await pageTexts((await getPdf(t, user.token, '&lang=zh-HK')).rawPayload)).join('\n');
    expect(hk).toContain('陳大文');
    expect(hk).toContain('證件號碼');
    expect(hk).toContain('香港身份證');
    expect(hk).toContain(submission.sha256);
    const en = (await pageTexts((await getPdf(t, user.token, '&lang=en')).rawPayload)).join('\n');
    expect(en).toContain('ID number');
    expect(en).toContain('Hong Kong ID card');
    expect(en).toContain('陳大文');
    expect(en).not.toContain('證件號碼');
  });

  run('without `lang` the PDF speaks the language the person signed in; `lang` overrides it', async () => {
    clearApplicationPdfCache();
    const user = await applicant(t, 'hk', '陳大文');
    await signAndSubmit(t, user, 'zh-HK');
    const signedIn = await t.app.inject({
      method: 'GET',
      url: `/v9/OpenAccountHk/application_pdf?${signedQuery(t, user.token)}`,
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'en' },
    });
    expect(signedIn.headers['content-language']).toBe('zh-HK');
    const text = (await pageTexts(signedIn.rawPayload)).join('\n');
    expect(text).toContain('證件號碼');
    expect(text).toContain('簽署語言');
    expect(text).toContain('繁體中文');
    const asked = await getPdf(t, user.token, '&lang=en');
    expect(asked.headers['content-language']).toBe('en');
    expect((await pageTexts(asked.rawPayload)).join('\n')).toContain('Signed in');
  });

  run("only the caller's own submission: another user's PDF is never reachable", async () => {
    clearApplicationPdfCache();
    const alice = await applicant(t, 'cn', '陈大文');
    const bob = await applicant(t, 'cn', '李小龙');
    const a = await signAndSubmit(t, alice);
    const b = await signAndSubmit(t, bob);
    const aliceText = (await pageTexts((await getPdf(t, alice.token)).rawPayload)).join('\n');
    expect(aliceText).toContain(a.submission.sha256);
    expect(aliceText).not.toContain(b.submission.sha256);
    expect(aliceText).not.toContain('李小龙');
    // numbers are per application: alice has no second submission, bob's number 1 is bob's
    const second = await getPdf(t, alice.token, '&number=2');
    expect(second.statusCode).toBe(200);
    expect(second.json().status).toBe(3003);
    const bobText = (await pageTexts((await getPdf(t, bob.token, '&number=1')).rawPayload)).join('\n');
    expect(bobText).toContain(b.submission.sha256);
    expect(bobText).not.toContain('陈大文');
  });

  run(
    'no PDF before a submission, without a session, or for a bad number: a clear error, never a 5xx',
    async () => {
      const user = await applicant(t, 'cn', '陈大文');
      const before = await getPdf(t, user.token, '&lang=en');
      expect(before.statusCode).toBe(200);
      expect(before.json()).toMatchObject({ status: 3003, info: 'The file was not found.' });
      expect(before.headers['cache-control']).toBe('no-store');

      const noApp = await createLoggedInUser(t);
      expect((await getPdf(t, noApp.token)).json().status).toBe(2001);
      expect((await getPdf(t, undefined)).json().status).toBe(1001);
      for (const bad of ['0', '-1', 'abc', '1.5', '9999999']) {
        const res = await getPdf(t, user.token, `&number=${bad}`);
        expect(res.statusCode, bad).toBeLessThan(500);
        expect(res.json().status, bad).toBe(1002);
      }
    },
  );
});

describe('buildApplicationPdf (no database)', () => {
  const sha = 'a'.repeat(64);
  const base = {
    number: 3,
    sha256: sha,
    createdAt: new Date('2026-11-26T02:00:00Z'),
  };

  test('reads unexpected signature answers defensively and still puts the hash on the page', async () => {
    const pdf = await buildApplicationPdf({
      lang: 'en',
      submission: {
        ...base,
        snapshot: {
          format: 1,
          number: 3,
          submitted_at: '2026-11-26T02:00:00.000Z',
          // the markets the account was created with; the person chose Hong Kong only
          markets: ['HKMargin', 'USMargin'],
          steps: [
            {
              step: 'account_type',
              version: 1,
              answers: { securities: 'cash', markets: ['HK'] },
              sealed: {},
            },
            {
              step: 'signature',
              version: 1,
              answers: { agreements: 'not a list', answers_hash: 7 },
              sealed: {},
            },
            { step: 'future_step', version: 2, answers: { some_new_field: 'x' }, sealed: { secret: {} } },
          ],
          documents: 'nope',
          agreements: null,
        },
      },
    });
    const text = (await pageTexts(pdf)).join('\n');
    expect(text).toContain(sha);
    expect(text).toContain('2026-11-26 10:00:00 HKT');
    expect(text).toContain('Markets Hong Kong stocks');
    expect(text).not.toContain('US stocks');
    expect(text).not.toContain('HKMargin');
    expect(text).toContain('Some new field');
    expect(text).toContain('(sealed)');
    expect(text).toContain('None recorded.');
    expect(text).toContain('No signature on file.');
  });

  test('a typed signature (issue #16): the line "Typed signature: <name> (adopted as signature)" in the document\'s language, the name in the signature box', async () => {
    const typed = (lang: 'en' | 'zh-HK') =>
      buildApplicationPdf({
        lang,
        submission: {
          ...base,
          snapshot: {
            format: 1,
            number: 3,
            submitted_at: '2026-11-26T02:00:00.000Z',
            steps: [
              {
                step: 'signature',
                version: 1,
                answers: {
                  agreements: [],
                  answers_hash: 'a'.repeat(64),
                  signed_at: '2026-11-26T01:59:00.000Z',
                  language: 'en',
                  signature_method: 'typed',
                  typed_name: 'Chan Tai Man',
                  typed_statement: true,
                },
                sealed: {},
              },
            ],
            documents: [],
            agreements: {},
          },
        },
      });
    const en = (await pageTexts(await typed('en'))).join('\n');
    // once in the step's answers, once in the signature section, beside the name drawn in its box
    expect(en.match(/Typed signature ?Chan Tai Man \(adopted as signature\)/g)).toHaveLength(2);
    expect(en.split('Chan Tai Man').length - 1).toBe(3);
    expect(en).not.toContain('No signature on file.');
    // the method is the reviewer's flag, not a line of the PDF
    expect(en).not.toContain('Signature method');
    const hk = (await pageTexts(await typed('zh-HK'))).join('\n');
    expect(hk).toMatch(/輸入的簽名 ?Chan Tai Man \(已採用為簽名\)/);
  });

  test('every answer from its step catalogue: names, bands, money, Hong Kong time, masks once, no field names', async () => {
    const step = (id: string, answers: Record<string, unknown>, sealed: Record<string, unknown> = {}) => ({
      step: id,
      version: 1,
      answers,
      sealed,
    });
    const snapshot = {
      steps: [
        step('address', {
          region: 'CN',
          province_code: '440000',
          city_code: '440300',
          county_code: '440305',
          correspondence_same: false,
          corr_region: 'HK',
          corr_district: 'wan_chai',
        }),
        step('account_type', {
          securities: 'margin',
          markets: ['US', 'HK'],
          futures: false,
          asset_proof_type: 'bank_statement',
          asset_proof_amount_cents: 125_000_000,
          asset_proof_issued_on: '2026-11-01',
        }),
        step('financial', { annual_income: 'income_600k_to_1m', income_sources: ['salary', 'pension'] }),
        step('tax', {
          tax_residencies: [
            { country: 'GB', tin_masked: 'AB****56' },
            { country: 'HK', tin_masked: 'A12****(3)', tin_from_id: true },
          ],
        }),
        step('investment', { experience: { securities: '3to5', etf: 'none' }, derivatives_knowledge: [] }),
        step('risk_disclosure', {
          text_version: '2026.1',
          language: 'zh-HK',
          sections: ['securities', 'margin'],
          started_at: '2026-11-26T07:50:00.000Z',
          ended_at: '2026-11-26T08:05:30.000Z',
          total_ms: 930_000,
          max_speed: 1.5,
        }),
        step(
          'bank',
          { bank_type: 2, bank_code: '004', number_masked: '**** **** 9012', holder_name: 'CHAN TAI MAN' },
          { card_number: { masked: '**** **** 9012', sealed: 'x' } },
        ),
        step('signature', {
          pad: { width: 328, height: 160 },
          signature_document_id: 'doc-1',
          language: 'zh-HK',
        }),
      ],
    };
    const text = async (lang: 'zh-CN' | 'zh-HK' | 'en') =>
      (await pageTexts(await buildApplicationPdf({ lang, submission: { ...base, snapshot } }))).join('\n');
    const zh = await text('zh-CN');
    for (const want of [
      '广东省 深圳市 南山区',
      '湾仔区',
      '600,001 – 1,000,000',
      '工资',
      '股票: 3 至 5 年',
      '英国',
      'HKD 1,250,000.00',
      '证券交易的风险',
      '2026-11-26 16:05 HKT',
      '15:30',
    ])
      expect(zh, want).toContain(want);
    const hk = await text('zh-HK');
    for (const want of ['灣仔區', '香港上海滙豐銀行', '孖展賬戶', '香港銀行賬戶', '以上皆無'])
      expect(hk, want).toContain(want);
    expect(hk).not.toContain('保證金賬戶');
    const en = await text('en');
    for (const want of [
      'Wan Chai',
      'United Kingdom',
      'Hongkong and Shanghai Banking',
      'Salary',
      'Account number',
    ])
      expect(en, want).toContain(want);
    // the account number once; the TIN taken from the ID said so, not as a field name
    expect(en.split('9012').length - 1).toBe(1);
    // (a line may wrap before the note)
    expect(en).toMatch(/A12\*\*\*\*\(3\)\s*\(from your ID document\)/);
    for (const text of [zh, hk, en]) {
      for (const raw of [
        'income_600k_to_1m',
        '125000000',
        'Tin masked',
        'Tin from id',
        'Pad',
        'Signature document id',
        'Number masked',
        'Bank type',
        '2026-11-26T',
        'margin,',
        'securities,',
        '440305',
      ])
        expect(text, raw).not.toContain(raw);
      expect(text).not.toMatch(/\b[a-z]+_[a-z0-9_]+\b/);
    }
  });

  test("the catalogues' label texts are the current screens' own, read from the web app's locale files", () => {
    const texts = readCatalogueTexts();
    const screen = (lang: string, ns: string) =>
      JSON.parse(readFileSync(`${LOCALES_DIR}/${lang}/${ns}.json`, 'utf8')) as Record<string, string>;
    expect(texts['financial:step_title']).toEqual({
      'zh-CN': screen('zh-CN', 'financial').step_title,
      'zh-HK': screen('zh-HK', 'financial').step_title,
      en: screen('en', 'financial').step_title,
    });
    expect(Object.keys(texts).length).toBeGreaterThan(100);
  });
});
