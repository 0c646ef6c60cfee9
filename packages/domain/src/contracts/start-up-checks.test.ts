import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { CaResponseSchema, IpInfoResponseSchema, RegionListResponseSchema } from './reference.schema';
import { CaResponseCheck, IpInfoResponseCheck, RegionListResponseCheck } from './start-up-checks';

// Each hand check accepts exactly what its schema accepts and gives the same value (decision 026):
// a valid answer, then every field removed, replaced by each odd value, and extra keys added.
const ODD: unknown[] = [undefined, null, 0, 1.5, -1, Number.NaN, '', 'x', 'sz', 'gd', true, [], {}, [{}]];

function variants(valid: unknown): unknown[] {
  const out: unknown[] = [valid, ...ODD];
  if (Array.isArray(valid)) {
    out.push([], [...valid, ...valid]);
    for (let i = 0; i < valid.length; i++)
      for (const v of variants(valid[i])) out.push(valid.map((item, j) => (j === i ? v : item)));
  } else if (typeof valid === 'object' && valid !== null) {
    out.push({ ...valid, extra: 'kept out' });
    for (const key of Object.keys(valid)) {
      const { [key]: _, ...without } = valid as Record<string, unknown>;
      out.push(without);
      for (const v of variants((valid as Record<string, unknown>)[key])) out.push({ ...valid, [key]: v });
    }
  }
  return out;
}

function outcome(parse: () => unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parse() };
  } catch {
    return { ok: false };
  }
}

const cases = [
  {
    name: 'region list',
    schema: RegionListResponseSchema,
    check: RegionListResponseCheck,
    valid: {
      status: 0,
      data: [
        { code: 'HK', country: '中国香港', No: '+852' },
        { code: 'CN', country: '中国大陆', No: '+86' },
      ],
      info: '',
    },
  },
  {
    name: 'getIpInfo',
    schema: IpInfoResponseSchema,
    check: IpInfoResponseCheck,
    valid: { status: 0, data: { tel: '400-000', tel_hk: '+852 0000', service_hours: '9-18' }, info: 'ok' },
  },
  {
    name: 'getCA',
    schema: CaResponseSchema,
    check: CaResponseCheck,
    valid: { status: 0, data: 'gd', info: '' },
  },
];

describe('the start-up calls’ hand checks say what their contracts say', () => {
  for (const { name, schema, check, valid } of cases) {
    it(name, () => {
      const all = variants(valid);
      expect(all.length).toBeGreaterThan(40);
      let accepted = 0;
      for (const json of all) {
        const expected = outcome(() => z.parse(schema as z.ZodMiniType, json));
        expect(
          outcome(() => check.parse(json)),
          JSON.stringify(json),
        ).toEqual(expected);
        if (expected.ok) accepted++;
      }
      expect(accepted).toBeGreaterThan(1);
    });
  }
});
