// issue #12 items 5, 6, 7 on both databases: a NUL or a lone surrogate was a 500 (PostgreSQL cannot
// store them), a tax draft of `[null]` was a 500 (sealed before it was parsed), and a company name
// with a right-to-left override was stored as typed. Now each is refused at its field, in the
// person's language, and nothing is written.
import { ErrorCode, translateError } from '@hk/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationSteps, applications } from '../src/db/schema';
import { findUnstorableText } from '../src/plugins/external/body-parsers';
import { createLoggedInUser, type TestUser } from './application-helpers';
import { DB_KINDS, findPostgres, signed, type TestApp, useTestApp } from './helpers';
import {
  applicantBornOn,
  confirmDirectly,
  EMPLOYED,
  type Lang,
  saveStep,
  snapshotOf,
  stepInfo,
  stepsBefore,
} from './step-profile-helpers';

const pgUrl = await findPostgres();

/** A JSON call, as the web client sends it: a lone surrogate survives JSON, not a form body. */
async function postJson(t: TestApp, url: string, body: Record<string, unknown>, user: TestUser, lang: Lang) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
      'accept-language': lang,
    },
    payload: JSON.stringify(signed(t, body, { token: user.token })),
  });
  expect(res.statusCode, `${url}: never a 5xx`).toBeLessThan(500);
  return res.json();
}

function expectRefusedAt(json: { status: number; data: unknown }, field: string, key: string, lang: Lang) {
  expect(json.status, `${field} ${key}`).toBe(ErrorCode.VALIDATION_FAILED);
  expect((json.data as { fields: Record<string, string> }).fields, `${field} ${key}`).toEqual({
    [field]: translateError(lang, key),
  });
}

describe('findUnstorableText: the body parser floor', () => {
  it('names the field as the forms do, in the order sent, and nothing for clean text', () => {
    expect(findUnstorableText({ answers: { a: 'ok', company_name: 'ACME\u0000' }, confirm: false })).toEqual({
      field: 'company_name',
      problem: 'text_control_characters',
    });
    expect(findUnstorableText({ answers: { tax_residencies: [{ country: 'SG', tin: '\udc00' }] } })).toEqual({
      field: 'tax_residencies.0.tin',
      problem: 'text_invalid_unicode',
    });
    expect(findUnstorableText({ type: ['HKMargin', 'x\u0000'], source: '\ud800' })?.field).toBe('type');
    expect(findUnstorableText({ 'k\u0000': 'v' })).toEqual({
      field: undefined,
      problem: 'text_control_characters',
    });
    expect(findUnstorableText('\u0000')?.field).toBeUndefined();
    expect(findUnstorableText({ a: ['港峰😀', { b: '\u202e ok to store' }], n: 1, z: null })).toBeUndefined();
    // as deep as a 64 KB body can nest: no stack overflow
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 30_000; i++) deep = [deep];
    expect(findUnstorableText({ deep })?.problem).toBe('text_control_characters');
  });
});

describe.each(DB_KINDS)('typed text (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run(
    'a NUL or a lone surrogate in any typed field: refused at the field, never a 500, nothing written (item 5)',
    async () => {
      const user = await applicantBornOn(t);
      const before = await snapshotOf(t, user);
      const cases: [
        step: string,
        confirm: boolean,
        answers: Record<string, unknown>,
        field: string,
        key: string,
      ][] = [
        [
          'employment',
          false,
          { status: 'employed', company_name: 'ACME\u0000 LTD' },
          'company_name',
          'text_control_characters',
        ],
        [
          'employment',
          true,
          { status: 'employed', company_name: 'ACME\u0000 LTD' },
          'company_name',
          'text_control_characters',
        ],
        ['address', false, { region: 'HK', detail: 'Flat \ud800 A' }, 'detail', 'text_invalid_unicode'],
        [
          'address',
          true,
          { region: 'HK', district: 'wan_chai', detail: 'Flat \udfff A' },
          'detail',
          'text_invalid_unicode',
        ],
        ['personal', false, { email: 'chan\u0000@example.com' }, 'email', 'text_control_characters'],
        ['personal', true, { email: 'chan@example.com\ud800' }, 'email', 'text_invalid_unicode'],
        [
          'tax',
          false,
          {
            tax_residencies: [{ country: 'SG', tin_reason: 'B', tin_reason_explanation: 'not issued\u0000' }],
          },
          'tax_residencies.0.tin_reason_explanation',
          'text_control_characters',
        ],
        [
          'declarations',
          false,
          { pep: true, pep_details: 'Minister\ud800' },
          'pep_details',
          'text_invalid_unicode',
        ],
      ];
      for (const lang of ['zh-CN', 'zh-HK', 'en'] as const)
        for (const [step, confirm, answers, field, key] of cases) {
          const { json } = await saveStep(t, user, step, { confirm, answers }, lang);
          expectRefusedAt(json, field, key, lang);
        }
      // the ID step and the partner's `source` at account creation, as JSON
      const idInfo = await postJson(
        t,
        '/v9/OpenAccountHk/id_info',
        { id_type: 'hk_id', id_location: 'HK', english_surname: 'CHAN\u0000', gender: 'M' },
        user,
        'en',
      );
      expectRefusedAt(idInfo, 'english_surname', 'text_control_characters', 'en');
      expect(await snapshotOf(t, user)).toEqual(before);

      const fresh = await createLoggedInUser(t);
      for (const source of ['partner\u0000', 'partner\ud800']) {
        const created = await postJson(
          t,
          '/V9/OpenAccountHk/loginCreate',
          { type: ['HKMargin'], source },
          fresh,
          'zh-CN',
        );
        expect(created.status).toBe(ErrorCode.VALIDATION_FAILED);
        expect(Object.keys(created.data.fields)).toEqual(['source']);
      }
      const none = await t.app.ctx.db
        .select()
        .from(applications)
        .where(eq(applications.userId, fresh.userId));
      expect(none).toEqual([]);
    },
  );

  run('a tax draft of [null] is refused at its field before anything is sealed (item 6)', async () => {
    const user = await applicantBornOn(t);
    const before = await snapshotOf(t, user);
    for (const tax_residencies of [[null], [1], ['SG'], [{ country: 'SG', tin: 12 }], [[]]]) {
      const { json } = await saveStep(t, user, 'tax', { answers: { tax_residencies } }, 'en');
      expect(json.status, JSON.stringify(tax_residencies)).toBe(ErrorCode.VALIDATION_FAILED);
      expect(Object.keys(json.data.fields)).toEqual(['tax_residencies']);
    }
    // the bank draft seals too: its number of the wrong type is refused the same way
    const bank = await saveStep(t, user, 'bank', { answers: { card_number: ['6222'] } }, 'en');
    expect(bank.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    expect(Object.keys(bank.json.data.fields)).toEqual(['card_number']);
    expect(await snapshotOf(t, user)).toEqual(before);
  });

  run(
    'direction overrides, control and invisible characters are refused; real names in any script are kept, normalised (item 7)',
    async () => {
      const user = await applicantBornOn(t);
      await confirmDirectly(t, user, stepsBefore('employment'));
      const before = await snapshotOf(t, user);
      const hostile: [string, string][] = [
        ['\u202eDTL EMCA\u0007\u001b', 'text_control_characters'],
        ['\u202eDTL EMCA', 'text_bidi_control'],
        ['ACME \u2067LTD\u2069', 'text_bidi_control'],
        ['AC\u200bME LTD', 'text_invisible_characters'],
        ['ACME\u0085LTD', 'text_control_characters'],
      ];
      for (const lang of ['zh-CN', 'en'] as const)
        for (const [name, key] of hostile)
          for (const confirm of [false, true]) {
            const { json } = await saveStep(
              t,
              user,
              'employment',
              { confirm, answers: { ...EMPLOYED, company_name: name } },
              lang,
            );
            expectRefusedAt(json, 'company_name', key, lang);
          }
      expect(await snapshotOf(t, user)).toEqual(before);

      // an Arabic company name (right to left without any control character) and a decomposed é
      const draft = await saveStep(t, user, 'employment', {
        answers: { status: 'employed', company_name: 'شركة الميناء', position: 'Analyst' },
      });
      expect(draft.json.status, JSON.stringify(draft.json)).toBe(0);
      expect((await stepInfo(t, user, 'employment')).answers.company_name).toBe('شركة الميناء');

      // common parameters a partner link carries, kept with the user: the same rule, at their field
      const res = await t.app.inject({
        method: 'POST',
        url: '/V9/OpenAccountHk/status',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(signed(t, { source: '\u202etrap', lang: 'en' }, { token: user.token })),
      });
      expectRefusedAt(res.json(), 'source', 'text_bidi_control', 'en');
    },
  );

  run(
    'an answer saved before the rule, now refused by it, is named at its field on the next save (never a 500)',
    async () => {
      const user = await applicantBornOn(t);
      await confirmDirectly(t, user, stepsBefore('employment'));
      const draft = await saveStep(t, user, 'employment', {
        answers: { status: 'employed', company_name: 'ACME LTD' },
      });
      expect(draft.json.status).toBe(0);
      // what an older server stored as typed (the reversed name), put back as it was then
      const [app] = await t.app.ctx.db
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.userId, user.userId));
      const [row] = await t.app.ctx.db
        .select()
        .from(applicationSteps)
        .where(and(eq(applicationSteps.applicationId, app!.id), eq(applicationSteps.step, 'employment')));
      await t.app.ctx.db
        .update(applicationSteps)
        .set({ answers: { ...row!.answers, company_name: '\u202eDTL EMCA' } })
        .where(and(eq(applicationSteps.applicationId, app!.id), eq(applicationSteps.step, 'employment')));
      const { json } = await saveStep(t, user, 'employment', { answers: { position: 'Analyst' } }, 'zh-CN');
      expectRefusedAt(json, 'company_name', 'text_bidi_control', 'zh-CN');
      // and the person can mend it
      const mended = await saveStep(t, user, 'employment', {
        answers: { company_name: 'ACME LTD', position: 'Analyst' },
      });
      expect(mended.json.status, JSON.stringify(mended.json)).toBe(0);
    },
  );

  run('a confirmed text is stored NFC and trimmed; a draft as typed', async () => {
    const user = await applicantBornOn(t);
    await confirmDirectly(t, user, stepsBefore('employment'));
    const typed = '  Cafe\u0301 Holdings\r\n';
    const draft = await saveStep(t, user, 'employment', {
      answers: { status: 'employed', company_name: typed },
    });
    expect(draft.json.status).toBe(0);
    expect((await stepInfo(t, user, 'employment')).answers.company_name).toBe(typed);
    const { json } = await saveStep(t, user, 'employment', {
      confirm: true,
      answers: { ...EMPLOYED, company_name: typed, position: ' Analyst ' },
    });
    expect(json.status, JSON.stringify(json)).toBe(0);
    const saved = (await stepInfo(t, user, 'employment')).answers;
    expect([saved.company_name, saved.position]).toEqual(['Caf\u00e9 Holdings', 'Analyst']);
  });
});
