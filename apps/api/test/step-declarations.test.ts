// The declarations step (issue #6 step 7) on the generic step call.
import { translateError } from '@hk/domain';
import { describe, expect } from 'vitest';
import { images, post, upload } from './application-helpers';
import {
  applicantWithId,
  confirmBeforeTax,
  ErrorCode,
  type Lang,
  saveStep,
  snapshot,
} from './flow-step-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';

const pgUrl = await findPostgres();

const OK = {
  pep: false,
  licensed_employee: false,
  staff_relation: false,
  beneficial_owner: true,
  corporate_voting_35: false,
  hkidr_consent: true,
};
const TAX = {
  tax_residencies: [{ country: 'HK', tin_from_id: true }],
  us_citizen: false,
  us_green_card: false,
  us_born: false,
};

async function ready(t: TestApp) {
  const user = await applicantWithId(t);
  await confirmBeforeTax(t, user);
  expect((await saveStep(t, user, 'tax', { confirm: true, answers: TAX })).json.status).toBe(0);
  return user;
}
const info = async (t: TestApp, user: { token: string }) =>
  (await post(t, '/v9/OpenAccountHk/step_info/declarations', {}, { token: user.token })).json;

describe.each(DB_KINDS)('the declarations step (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run('each bad input is refused at its field, in the language asked, and nothing is written', async () => {
    const user = await ready(t);
    const cases: [Record<string, unknown>, string, string, Lang][] = [
      [{ ...OK, pep: undefined }, 'pep', 'declaration_answer_required', 'zh-CN'],
      [{ ...OK, hkidr_consent: 'maybe' }, 'hkidr_consent', 'declaration_answer_required', 'en'],
      [{ ...OK, beneficial_owner: undefined }, 'beneficial_owner', 'declaration_answer_required', 'en'],
      [
        { ...OK, pep: true, pep_details: 'Father: LegCo member' },
        'pep_relations',
        'pep_relation_required',
        'zh-HK',
      ],
      [{ ...OK, pep: true, pep_relations: ['self'] }, 'pep_details', 'declaration_details_required', 'en'],
      [
        { ...OK, pep: true, pep_relations: ['cousin'], pep_details: 'x' },
        'pep_relations',
        'pep_relation_required',
        'en',
      ],
      [{ ...OK, staff_relation: true }, 'staff_relation_details', 'declaration_details_required', 'zh-CN'],
      [
        { ...OK, staff_relation: true, staff_relation_details: 'x'.repeat(301) },
        'staff_relation_details',
        'declaration_details_required',
        'en',
      ],
      [
        { ...OK, corporate_voting_35: true },
        'corporate_voting_details',
        'declaration_details_required',
        'en',
      ],
      [{ ...OK, licensed_employee: true }, 'licensed_employer', 'licensed_employer_required', 'zh-HK'],
      [
        { ...OK, licensed_employee: true, licensed_employer: 'Harbour Peak Securities' },
        'employer_consent',
        'employer_consent_required',
        'zh-HK',
      ],
      [{ ...OK, beneficial_owner: false }, 'beneficial_owner', 'beneficial_owner_not_online', 'zh-CN'],
    ];
    const before = await snapshot(t, user, 'declarations');
    for (const [answers, field, key, lang] of cases) {
      const { json } = await saveStep(t, user, 'declarations', { confirm: true, answers }, lang);
      expect(json.status, key).toBe(ErrorCode.VALIDATION_FAILED);
      expect(json.data.fields[field], `${key}: ${JSON.stringify(json.data.fields)}`).toBe(
        translateError(lang, key),
      );
    }
    expect(await snapshot(t, user, 'declarations')).toEqual(before);
  });

  run(
    'a PEP with who and details; a licensed employee with the consent letter; marketing opt-in',
    async () => {
      const user = await ready(t);
      // without the opt-in: no marketing; the HKIDR consent may be refused (sell only, said on the screen)
      const plain = await saveStep(t, user, 'declarations', {
        confirm: true,
        answers: { ...OK, hkidr_consent: false },
      });
      expect(plain.json).toMatchObject({ status: 0, data: { confirmed: true, next_step: 'investment' } });
      expect(
        (await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token })).json.data.is_marketing,
      ).toBe(0);
      expect((await info(t, user)).data.answers).toMatchObject({
        hkidr_consent: false,
        direct_marketing: false,
      });

      expect((await upload(t, user.token, 'employer_consent', await images.jpeg())).json.status).toBe(0);
      const full = await saveStep(t, user, 'declarations', {
        confirm: true,
        answers: {
          ...OK,
          pep: true,
          pep_relations: ['family_member', 'close_associate'],
          pep_details: 'Brother-in-law: member of the Legislative Council',
          licensed_employee: true,
          licensed_employer: 'Harbour Peak Securities Ltd (CE AAA000)',
          staff_relation: true,
          staff_relation_details: 'Cousin works in settlements',
          direct_marketing: true,
        },
      });
      expect(full.json.status).toBe(0);
      const got = await info(t, user);
      expect(got.data.answers).toMatchObject({
        pep: true,
        pep_relations: ['family_member', 'close_associate'],
        licensed_employer: 'Harbour Peak Securities Ltd (CE AAA000)',
        direct_marketing: true,
      });
      expect(got.data.documents.map((d: { kind: string }) => d.kind)).toEqual(['employer_consent']);
      expect(
        (await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token })).json.data.is_marketing,
      ).toBe(1);

      // answering no again drops the details of the yes
      const no = await saveStep(t, user, 'declarations', { confirm: true, answers: OK });
      expect(no.json.status).toBe(0);
      const after = (await info(t, user)).data.answers;
      expect(after.pep_details).toBeUndefined();
      expect(after.pep_relations).toBeUndefined();
      expect(after.licensed_employer).toBeUndefined();
      expect(after.direct_marketing).toBe(false);
    },
  );

  run('a stale step_version is refused (2007) and overwrites nothing', async () => {
    const user = await ready(t);
    const first = await saveStep(t, user, 'declarations', { confirm: false, answers: { pep: false } });
    const second = await saveStep(t, user, 'declarations', {
      confirm: false,
      step_version: first.json.data.version,
      answers: { pep: false, staff_relation: false },
    });
    expect(second.json.status).toBe(0);
    const before = await snapshot(t, user, 'declarations');
    const stale = await saveStep(t, user, 'declarations', {
      confirm: true,
      step_version: first.json.data.version,
      answers: OK,
    });
    expect(stale.json.status).toBe(ErrorCode.STEP_VERSION_CONFLICT);
    expect(await snapshot(t, user, 'declarations')).toEqual(before);
  });

  run("another user's data is refused; no session, no application; malformed bodies never 5xx", async () => {
    const alice = await ready(t);
    const bob = await ready(t);
    expect((await saveStep(t, alice, 'declarations', { confirm: true, answers: OK })).json.status).toBe(0);
    expect((await info(t, bob)).data).toMatchObject({ version: 0, answers: {} });
    // Bob's consent letter is Bob's: it does not count for Alice, and Alice's for nobody else
    expect((await upload(t, alice.token, 'employer_consent', await images.jpeg())).json.status).toBe(0);
    const aliceBefore = await snapshot(t, alice, 'declarations');
    const bobLicensed = await saveStep(t, bob, 'declarations', {
      confirm: true,
      answers: { ...OK, licensed_employee: true, licensed_employer: 'Harbour Peak Securities' },
    });
    expect(bobLicensed.json.data.fields.employer_consent).toBe(
      translateError('en', 'employer_consent_required'),
    );
    expect((await info(t, bob)).data.documents).toEqual([]);
    expect(await snapshot(t, alice, 'declarations')).toMatchObject({
      row: { version: aliceBefore.row!.version },
    });

    const anon = await t.app.inject({
      method: 'POST',
      url: '/v9/OpenAccountHk/step/declarations',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ confirm: true, answers: OK }),
    });
    expect(anon.statusCode).toBeLessThan(500);
    expect(anon.json().status).not.toBe(0);

    const before = await snapshot(t, bob, 'declarations');
    for (const body of [
      { confirm: true, answers: null },
      { confirm: true, answers: { ...OK, pep: { yes: true } } },
      { confirm: true, answers: { ...OK, pep: true, pep_relations: 'self', pep_details: ['x'] } },
      { confirm: false, answers: { pep_details: 'x'.repeat(100_000) } },
      { confirm: false, answers: { direct_marketing: 'yes please' } },
      { confirm: true, step_version: 'x', answers: OK },
    ] as Record<string, unknown>[]) {
      const { json } = await saveStep(t, bob, 'declarations', body);
      expect(json.status, JSON.stringify(body).slice(0, 100)).not.toBe(0);
    }
    expect(await snapshot(t, bob, 'declarations')).toEqual(before);
  });
});
