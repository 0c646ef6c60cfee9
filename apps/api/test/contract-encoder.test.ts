// The status and info answers are written by their contract's encoder (decision 030): the same
// bytes as fastify-type-provider-zod's `JSON.stringify(z.encode(schema, answer))`, keys the contract
// does not declare left out, and an answer outside the contract still refused by zod as before.
import { ApplicationInfoResponseSchema, ErrorCode, UserStatusResponseSchema } from '@hk/domain';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { compileContractEncoder, contractSerializerCompiler, MISMATCH } from '../src/lib/contract-encoder';
import { responses } from '../src/lib/envelope';
import { createLoggedInUser, post } from './application-helpers';
import { useTestApp } from './helpers';
import { submittedApplication } from './review-helpers';

/** What the routes declare for HTTP 200: the answer, or the error envelope. */
const STATUS_200 = responses(UserStatusResponseSchema)[200];
const INFO_200 = responses(ApplicationInfoResponseSchema)[200];

/** fastify-type-provider-zod's serializer: the reference. */
function byZod(schema: z.ZodMiniType, value: unknown): string | typeof MISMATCH {
  const result = z.safeEncode(schema, value);
  return result.success ? JSON.stringify(result.data) : MISMATCH;
}

const statusAnswer = {
  status: 0,
  info: 'ok',
  data: {
    suid: '919d214f-296b-4062-ac36-072038dd1740',
    is_marketing: 1,
    is_show_open_cs_qrcode: 0,
    status: 3,
    bank_type: 0,
    bank_audit: 2,
    info_progress: 45,
    progress: 'opening',
    stages_done: ['id', 'account_type'],
    next_step: 'identity',
    steps: [
      { step: 'identity', confirmed: false, reopened_reason: 'documents_changed' },
      { step: 'address', confirmed: true, reopened_reason: null },
    ],
    mobile_masked: '91****12',
  },
};

const infoAnswer = {
  status: 0,
  info: 'ok',
  data: {
    account_type: { value: 'M' },
    is_future_account: { value: '0' },
    full_name: { value: '陳大文 "Tai Man" \\ \u2028 \u0007' },
    first_name: { value: 'TAI MAN' },
    last_name: { value: 'CHAN' },
    application: {
      id: '807c599a-e57f-42e6-a850-1381d76d3b30',
      status: 1,
      markets: ['HKMargin', 'USMargin'],
      created_at: '2026-12-02T11:19:56.335Z',
    },
    id_step: {
      id_location: 'HK',
      nationality: null,
      documents: [
        {
          document_id: 'd1',
          kind: 'id_front',
          mime: 'image/jpeg',
          width: 1200,
          height: 800,
          size: 123456,
          uploaded_at: '2026-12-02T11:19:56.335Z',
        },
      ],
      chinese_name: '陳大文',
      english_surname: 'CHAN',
      english_given_name: 'TAI MAN',
      name_matches_bank: true,
      id_type: 'hk_id',
      id_number_masked: 'A12****(3)',
      gender: 'M',
      birth_date: '1988-02-29',
      confirmed_at: null,
      version: 4,
      reopened_reason: null,
    },
  },
};

const errorAnswers = [
  { status: ErrorCode.SESSION_INVALID, data: null, info: 'Please sign in again' },
  { status: ErrorCode.VALIDATION_FAILED, data: { fields: { name: 'too long' } }, info: 'Check the fields' },
];

/** Every value inside an answer with its path (objects and arrays included). */
function* placesOf(value: unknown, path: (string | number)[] = []): Generator<(string | number)[]> {
  yield path;
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* placesOf(value[i], [...path, i]);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* placesOf(v, [...path, k]);
}

/** A deep copy with the value at `path` replaced (`DELETE`: the key removed). */
const DELETE = Symbol('delete');
function withValue(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  if (path.length === 0) return value;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === DELETE) delete at[last];
  else at[last] = value;
  return copy;
}

// values of every kind, and the ones zod refuses that JSON would still write (NaN, infinity, -0 is fine)
const WRONG_VALUES: unknown[] = [
  DELETE,
  undefined,
  null,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -0,
  1.5,
  -1,
  101,
  '1',
  '',
  'opening',
  'not_a_value',
  true,
  {},
  [],
  [null],
  new Date(0),
];

describe('the contract encoder', () => {
  test.each([
    ['status', STATUS_200, statusAnswer],
    ['info', INFO_200, infoAnswer],
    ['status error', STATUS_200, errorAnswers[0]],
    ['info error with fields', INFO_200, errorAnswers[1]],
  ])('writes the answer as zod does: %s', (_name, schema, answer) => {
    const encode = compileContractEncoder(schema);
    const expected = byZod(schema, answer);
    expect(expected).not.toBe(MISMATCH);
    expect(encode(answer)).toBe(expected);
  });

  test('leaves out what the contract does not declare, at every level', () => {
    const encode = compileContractEncoder(STATUS_200);
    const extra = structuredClone(statusAnswer) as typeof statusAnswer & Record<string, unknown>;
    extra.secret = 'top';
    (extra.data as Record<string, unknown>).token = 'session-token';
    (extra.data.steps[0] as Record<string, unknown>).answers = { id_number: 'A1234563' };
    const out = encode(extra);
    expect(out).toBe(byZod(STATUS_200, extra));
    expect(out).toBe(byZod(STATUS_200, statusAnswer));
    expect(out).not.toMatch(/secret|session-token|A1234563/);
  });

  test.each([
    ['status', STATUS_200, statusAnswer],
    ['info', INFO_200, infoAnswer],
    ['error', STATUS_200, errorAnswers[1]],
  ])(
    'any value changed anywhere: the same text as zod, or refused when zod refuses it (%s)',
    (_n, schema, answer) => {
      const encode = compileContractEncoder(schema);
      let refused = 0;
      let written = 0;
      for (const path of placesOf(answer)) {
        for (const value of WRONG_VALUES) {
          const changed = withValue(answer, path, value);
          const expected = byZod(schema, changed);
          expect(encode(changed), `${path.join('.')} = ${String(value)}`).toBe(expected);
          if (expected === MISMATCH) refused++;
          else written++;
        }
      }
      // both sides of the check were exercised
      expect(refused).toBeGreaterThan(10);
      expect(written).toBeGreaterThan(5);
    },
  );

  test('an answer outside the contract fails the route as zod made it fail (a 500, not a silent write)', () => {
    const serialize = contractSerializerCompiler({
      schema: STATUS_200,
      method: 'POST',
      url: '/v9/OpenAccountHk/status',
      httpStatus: '200',
    });
    expect(serialize(statusAnswer)).toBe(byZod(STATUS_200, statusAnswer));
    const wrong = withValue(statusAnswer, ['data', 'info_progress'], 101);
    expect(() => serialize(wrong)).toThrow(ResponseSerializationError);
  });
});

describe('the status and info calls send what zod would have sent', () => {
  const { t, test: run } = useTestApp('pglite', undefined);

  run('a submitted application, a registered user, a refused session', async () => {
    const { applicant } = await submittedApplication(t);
    const registered = await createLoggedInUser(t);
    const calls = [
      ['/v9/OpenAccountHk/status', STATUS_200, applicant.token],
      ['/v9/OpenAccountHk/info', INFO_200, applicant.token],
      ['/v9/OpenAccountHk/status', STATUS_200, registered.token],
      ['/v9/OpenAccountHk/info', INFO_200, registered.token],
      ['/v9/OpenAccountHk/status', STATUS_200, 'x'.repeat(43)],
    ] as const;
    const statuses: number[] = [];
    for (const [url, schema, token] of calls) {
      const { res, json } = await post(t, url, {}, { token });
      expect(res.statusCode).toBe(200);
      statuses.push(json.status);
      // the bytes sent are zod's own writing of what was sent
      expect(res.body, url).toBe(byZod(schema, JSON.parse(res.body)));
    }
    expect(statuses).toEqual([0, 0, 0, ErrorCode.APPLICATION_NOT_FOUND, ErrorCode.SESSION_INVALID]);
  });
});
