// The answers of /login's start-up calls (spec §7: getIpInfo, getCA, the region list) checked
// without a schema library, so that the first load of /login carries none (decision 026). Each says
// what its contract in reference.schema.ts says (the same answers accepted, the same value out,
// unknown keys dropped); start-up-checks.test.ts holds each to its schema.
import type * as z from 'zod/mini';
import type { CaResponseSchema, IpInfoResponseSchema, RegionListResponseSchema } from './reference.schema';

/** An answer that is not what the contract says. */
export class ContractError extends Error {
  constructor(what: string) {
    super(`answer does not match its contract: ${what}`);
    this.name = 'ContractError';
  }
}

type Json = Record<string, unknown>;

function object(v: unknown, what: string): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ContractError(what);
  return v as Json;
}

function text(o: Json, key: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new ContractError(key);
  return v;
}

function envelope<T>(json: unknown, data: (v: unknown) => T): { status: number; data: T; info: string } {
  const env = object(json, 'envelope');
  const status = env.status;
  if (typeof status !== 'number' || !Number.isSafeInteger(status)) throw new ContractError('status');
  // zod reads the keys in the schema's order: status, data, info
  const checked = data(env.data);
  return { status, data: checked, info: text(env, 'info') };
}

export const RegionListResponseCheck = {
  parse(json: unknown): z.infer<typeof RegionListResponseSchema> {
    return envelope(json, (data) => {
      if (!Array.isArray(data)) throw new ContractError('data');
      return data.map((item) => {
        const o = object(item, 'region');
        return { code: text(o, 'code'), country: text(o, 'country'), No: text(o, 'No') };
      });
    });
  },
};

export const IpInfoResponseCheck = {
  parse(json: unknown): z.infer<typeof IpInfoResponseSchema> {
    return envelope(json, (data) => {
      const o = object(data, 'data');
      return { tel: text(o, 'tel'), tel_hk: text(o, 'tel_hk'), service_hours: text(o, 'service_hours') };
    });
  },
};

export const CaResponseCheck = {
  parse(json: unknown): z.infer<typeof CaResponseSchema> {
    return envelope(json, (data) => {
      if (data !== 'sz' && data !== 'gd') throw new ContractError('data');
      return data;
    });
  },
};
