import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';

/**
 * A response's JSON written straight from its contract (a zod schema), checked as it is written:
 * the same text as `JSON.stringify(z.encode(schema, value))` (what fastify-type-provider-zod
 * sends), without building zod's checked copy of the answer first. The status and info calls, which
 * every visit makes, spent about a fifth of their own CPU time there (decision 030).
 *
 * It mirrors zod for the plain kinds a response contract is made of: objects (declared keys only,
 * in the contract's order; a key the contract does not declare is not written, as zod strips it),
 * strings, finite numbers, booleans, null, enums and literals, nullable, optional, arrays and
 * unions (the first option that holds, as zod), and numbers' bounds and `z.int()`. Anything else,
 * and any other check (a text rule, a length) or a coercion, is left to zod itself for that part of the
 * answer (`z.safeEncode`, then `JSON.stringify`). When a value does not hold the contract it returns
 * `MISMATCH`, and the caller then answers exactly as before, through zod (which refuses it).
 */
export const MISMATCH: unique symbol = Symbol('does not hold the contract');

/** JSON text, `undefined` (a value JSON leaves out: an optional key not given) or MISMATCH. */
type Encode = (value: unknown) => string | undefined | typeof MISMATCH;

interface Def {
  type: string;
  checks?: unknown[];
  coerce?: boolean;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: unknown;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  discriminator?: string;
  inclusive?: boolean;
}
interface Internals {
  def: Def;
  values?: Set<unknown>;
  optin?: string;
}
const internalsOf = (schema: z.core.$ZodType) => (schema as unknown as { _zod: Internals })._zod;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** That part of the answer through zod itself: its output, as JSON. */
function byZod(schema: z.core.$ZodType): Encode {
  return (value) => {
    const result = z.safeEncode(schema, value);
    return result.success ? JSON.stringify(result.data) : MISMATCH;
  };
}

const compiled = new WeakMap<z.core.$ZodType, Encode>();

/** The encoder of a response contract (cached per schema object). */
export function compileContractEncoder(schema: z.core.$ZodType): Encode {
  let encode = compiled.get(schema);
  if (!encode) {
    encode = compile(schema);
    compiled.set(schema, encode);
  }
  return encode;
}

/** A number check zod runs, as a test of the value: the bounds and `z.int()`; anything else undefined. */
function numberCheckOf(check: unknown): ((v: number) => boolean) | undefined {
  const d = (check as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (d.when !== undefined) return undefined;
  if (d.check === 'greater_than' && typeof d.value === 'number') {
    const min = d.value;
    return d.inclusive ? (v) => v >= min : (v) => v > min;
  }
  if (d.check === 'less_than' && typeof d.value === 'number') {
    const max = d.value;
    return d.inclusive ? (v) => v <= max : (v) => v < max;
  }
  if (d.check === 'number_format' && d.format === 'safeint') return Number.isSafeInteger;
  return undefined;
}

function compile(schema: z.core.$ZodType): Encode {
  const { def, values } = internalsOf(schema);
  if (def.type === 'number' && !def.coerce && def.checks?.length) {
    const tests = def.checks.map(numberCheckOf);
    if (tests.every((t) => t !== undefined)) {
      return (v) =>
        typeof v === 'number' && Number.isFinite(v) && tests.every((t) => t(v)) ? String(v) : MISMATCH;
    }
  }
  if (def.checks?.length || def.coerce) return byZod(schema);
  switch (def.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? JSON.stringify(v) : MISMATCH);
    case 'number':
      // zod's number: no NaN, no infinity; JSON writes a finite number as String does
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : MISMATCH);
    case 'boolean':
      return (v) => (v === true ? 'true' : v === false ? 'false' : MISMATCH);
    case 'null':
      return (v) => (v === null ? 'null' : MISMATCH);
    case 'enum':
    case 'literal': {
      // the set zod itself checks against (strings and numbers in a contract; anything else to zod)
      if (!values || [...values].some((x) => typeof x !== 'string' && typeof x !== 'number'))
        return byZod(schema);
      return (v) => (values.has(v) ? JSON.stringify(v) : MISMATCH);
    }
    case 'nullable': {
      const inner = compileContractEncoder(def.innerType!);
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'optional': {
      // an inner default would put a value in place of absence: zod's business
      if (internalsOf(def.innerType!).optin === 'defaulted') return byZod(schema);
      const inner = compileContractEncoder(def.innerType!);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'array': {
      const element = compileContractEncoder(def.element!);
      return (v) => {
        if (!Array.isArray(v)) return MISMATCH;
        let out = '[';
        for (let i = 0; i < v.length; i++) {
          const item = element(v[i]);
          if (item === MISMATCH) return MISMATCH;
          // JSON writes a missing item as null
          out += (i ? ',' : '') + (item === undefined ? 'null' : item);
        }
        return `${out}]`;
      };
    }
    case 'object':
      return compileObject(schema, def);
    case 'union': {
      // an exclusive or discriminated union checks more than "the first option that holds"
      if (def.inclusive === false || def.discriminator !== undefined) return byZod(schema);
      const options = def.options!.map(compileContractEncoder);
      return (v) => {
        for (const option of options) {
          const out = option(v);
          if (out !== MISMATCH) return out;
        }
        return MISMATCH;
      };
    }
    default:
      return byZod(schema);
  }
}

function compileObject(schema: z.core.$ZodType, def: Def): Encode {
  // a catch-all keeps undeclared keys (loose, strict objects): zod's business
  if (def.catchall !== undefined) return byZod(schema);
  const fields = Object.entries(def.shape!)
    .filter(([key]) => key !== '__proto__')
    .map(([key, field]) => ({
      key,
      prefix: JSON.stringify(key),
      // a key that may be absent (zod: `optin`); any other must be there, even if undefined is valid
      mayBeAbsent: internalsOf(field).optin !== undefined,
      encode: compileContractEncoder(field),
    }));
  return (v) => {
    if (!isObject(v)) return MISMATCH;
    let out = '';
    for (const field of fields) {
      if (!(field.key in v)) {
        if (field.mayBeAbsent) continue;
        return MISMATCH;
      }
      const value = field.encode(v[field.key]);
      if (value === MISMATCH) return MISMATCH;
      // JSON leaves out a key whose value it cannot write (undefined)
      if (value === undefined) continue;
      out += `${out ? ',' : ''}${field.prefix}:${value}`;
    }
    return `{${out}}`;
  };
}

/**
 * Fastify's serializer compiler for routes whose answers are written by their contract's encoder;
 * what the encoder cannot write goes through fastify-type-provider-zod's serializer, unchanged (a
 * value outside the contract still fails there, as before).
 */
export const contractSerializerCompiler = <S>(
  ...[route]: Parameters<FastifySerializerCompiler<S>>
): ReturnType<FastifySerializerCompiler<S>> => {
  const byProvider = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  if (!(route.schema instanceof z.core.$ZodType)) return byProvider;
  const encode = compileContractEncoder(route.schema);
  return (data) => {
    const out = encode(data);
    return typeof out === 'string' ? out : byProvider(data);
  };
};
