// A typed signature (issue #16): a person who cannot draw types their full name as on the ID and
// adopts it as their signature. The name is matched to the ID step's names (2016 at `typed_name`),
// the statement must be ticked (2016 at `typed_statement`); no image is written; the method and the
// name are kept in the step's answers; a drawn signature before or after it leaves nothing behind.
import { translateError } from '@hk/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { applicationEvents, documents } from '../src/db/schema';
import { images, type TestUser, upload } from './application-helpers';
import { ErrorCode, snapshot } from './flow-step-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import { PAD, padPng, postSigned, readyToSign, stroke } from './signature-helpers';

const pgUrl = await findPostgres();
async function call(t: TestApp, user: { token: string }, path: string, body: Record<string, unknown>) {
  const res = await postSigned(t, user, path, body);
  expect(res.statusCode, 'never a 5xx').toBeLessThan(500);
  return res.json;
}

/** Ready to sign, every document opened: what a `sign` body binds to. */
async function openedAgreements(t: TestApp, user: TestUser) {
  const json = await call(t, user, 'agreements', { language: 'en' });
  expect(json.status, JSON.stringify(json)).toBe(0);
  const data = json.data as {
    documents: { id: string; version: string; sha256: string }[];
    answers_hash: string;
  };
  for (const d of data.documents)
    expect(
      (await call(t, user, 'agreement_opened', { language: 'en', id: d.id, sha256: d.sha256 })).status,
    ).toBe(0);
  return {
    language: 'en',
    agreements: data.documents.map((d) => ({ id: d.id, version: d.version, sha256: d.sha256 })),
    answers_hash: data.answers_hash,
  };
}

const typed = (name: string, statement = true) => ({
  method: 'typed',
  typed_name: name,
  typed_statement: statement,
});

async function liveSignatureDocs(t: TestApp, user: TestUser) {
  return t.app.ctx.db
    .select()
    .from(documents)
    .where(
      and(eq(documents.userId, user.userId), eq(documents.kind, 'signature'), isNull(documents.deletedAt)),
    );
}

describe.each(DB_KINDS)('a typed signature (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run(
    'the ID name typed (any case, surname first or last) and adopted: signed, no image, the method kept',
    async () => {
      // English name CHAN TAI MAN; the address proof uploaded so that the application can be submitted
      const user = await readyToSign(t, ['HK'], async (u) => {
        expect((await upload(t, u.token, 'address_proof', await images.jpeg())).json.status).toBe(0);
      });
      const body = await openedAgreements(t, user);
      const json = await call(t, user, 'sign', { ...body, ...typed('  tai man   Chan ') });
      expect(json.status, JSON.stringify(json)).toBe(0);
      expect(json.data).toMatchObject({
        step: 'signature',
        confirmed: true,
        next_step: 'review',
        answers_hash: body.answers_hash,
        signature_method: 'typed',
        signature_document_id: null,
      });
      expect(await liveSignatureDocs(t, user)).toHaveLength(0);
      const row = (await snapshot(t, user, 'signature')).row!;
      expect(row.confirmedAt).not.toBeNull();
      expect(row.answers).toMatchObject({
        signature_method: 'typed',
        typed_name: 'tai man Chan',
        typed_statement: true,
        answers_hash: body.answers_hash,
        language: 'en',
      });
      expect(row.answers).not.toHaveProperty('strokes');
      expect(row.answers).not.toHaveProperty('signature_document_id');
      // the reviewer's flag reaches the record the console reads, and the applicant's review
      const audit = await call(t, user, 'audit', {});
      const signature = (audit.data.steps as { step: string; answers: object }[]).find(
        (s) => s.step === 'signature',
      );
      expect(signature?.answers).toMatchObject({ signature_method: 'typed', typed_name: 'tai man Chan' });
      expect(audit.data.blocking).toEqual([]);
      // readiness is unchanged: the application submits without a signature image
      const submitted = await call(t, user, 'submit', { idempotency_key: crypto.randomUUID() });
      expect(submitted.status, JSON.stringify(submitted)).toBe(0);
    },
  );

  run('another name is refused at its field (2016), nothing written', async () => {
    const user = await readyToSign(t);
    const body = await openedAgreements(t, user);
    const before = await snapshot(t, user, 'signature');
    for (const name of ['CHAN SIU MING', 'CHAN', 'TAI MAN', '陳大文', ''] as const) {
      const json = await call(t, user, 'sign', { ...body, ...typed(name) });
      expect(json.status, name).toBe(ErrorCode.SIGNATURE_REFUSED);
      expect(json.data.fields).toEqual({ typed_name: translateError('en', 'signature_name_mismatch') });
    }
    expect(await snapshot(t, user, 'signature')).toEqual(before);
  });

  run('the statement not ticked is refused at its field (2016), nothing written', async () => {
    const user = await readyToSign(t);
    const body = await openedAgreements(t, user);
    const before = await snapshot(t, user, 'signature');
    const json = await call(t, user, 'sign', { ...body, ...typed('CHAN TAI MAN', false) });
    expect(json.status).toBe(ErrorCode.SIGNATURE_REFUSED);
    expect(json.data.fields).toEqual({
      typed_statement: translateError('en', 'signature_statement_required'),
    });
    // without the statement at all the body is malformed
    const { typed_statement: _, ...noStatement } = typed('CHAN TAI MAN');
    expect((await call(t, user, 'sign', { ...body, ...noStatement })).status).toBe(
      ErrorCode.VALIDATION_FAILED,
    );
    expect(await snapshot(t, user, 'signature')).toEqual(before);
  });

  run('drawn then typed removes the drawn image; typed then drawn keeps no typed name', async () => {
    const user = await readyToSign(t);
    const body = await openedAgreements(t, user);
    const drawn = { ...body, image: await padPng(), strokes: [stroke(40, 60, 320, 150)], pad: PAD };
    const first = await call(t, user, 'sign', drawn);
    expect(first.status, JSON.stringify(first)).toBe(0);
    expect(first.data.signature_method).toBe('drawn');
    expect(await liveSignatureDocs(t, user)).toHaveLength(1);

    expect((await call(t, user, 'sign', { ...body, ...typed('CHAN TAI MAN') })).status).toBe(0);
    expect(await liveSignatureDocs(t, user)).toHaveLength(0);
    const deleted = await t.app.ctx.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.userId, user.userId), eq(applicationEvents.type, 'document_deleted')));
    expect(deleted.map((e) => e.data.document_id)).toEqual([first.data.signature_document_id]);
    let answers = (await snapshot(t, user, 'signature')).row!.answers;
    expect(answers).not.toHaveProperty('pad');
    expect(answers).not.toHaveProperty('signature_document_id');

    const again = await call(t, user, 'sign', drawn);
    expect(again.status, JSON.stringify(again)).toBe(0);
    answers = (await snapshot(t, user, 'signature')).row!.answers;
    expect(answers).toMatchObject({ signature_document_id: again.data.signature_document_id, pad: PAD });
    for (const k of ['signature_method', 'typed_name', 'typed_statement'])
      expect(answers).not.toHaveProperty(k);
  });
});
