// Test helpers for the contract tests (imported by *.test.ts only).
import * as z from 'zod/mini';

/** [path, message] of every issue, in the order the schema reports them. */
export function issues(schema: z.ZodMiniType, input: unknown): [string, string][] {
  const r = z.safeParse(schema, input);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
}

/** The first message per field, in order: what the API returns in `fields` and the form shows. */
export function firstPerField(schema: z.ZodMiniType, input: unknown): [string, string][] {
  const seen = new Map<string, string>();
  for (const [p, m] of issues(schema, input)) if (!seen.has(p.split('.')[0]!)) seen.set(p.split('.')[0]!, m);
  return [...seen];
}
