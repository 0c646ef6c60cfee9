import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { checkIsStorableText, UPLOAD_MAX_BYTES } from '@hk/domain';
import { FACE_VIDEO_MAX_BYTES } from '@hk/domain/steps/identity-media/form';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';

type UnstorableText = {
  field: string | undefined;
  problem: 'text_control_characters' | 'text_invalid_unicode';
};

/**
 * The field a value at `path` is shown at, as the forms name their fields: a body's object of
 * fields (the step call's `answers`) is not a field itself (`answers.company_name` →
 * `company_name`), a list is one field (`type.1` → `type`), a list of objects keeps the index of
 * the row (`tax_residencies.0.tin`). Undefined for a bare value.
 */
function fieldAt(path: readonly (string | number)[], topIsObject: boolean): string | undefined {
  const named = topIsObject && path.length > 1 ? path.slice(1) : [...path];
  while (typeof named.at(-1) === 'number') named.pop();
  return named.length ? named.join('.') : undefined;
}

/** A place in the body: its key or index, and the place it is in (a linked list: no copying). */
type Place = { key: string | number; up: Place | undefined } | undefined;

function pathOf(place: Place): (string | number)[] {
  const path: (string | number)[] = [];
  for (let p = place; p; p = p.up) path.unshift(p.key);
  return path;
}

/**
 * The first string (value or key, in the order sent) of a parsed request part that the database
 * cannot store: a NUL or a lone surrogate. Iterative and linear, so neither a deeply nested body nor
 * a wide one costs more than one pass.
 */
export function findUnstorableText(root: unknown): UnstorableText | undefined {
  const problemOf = (s: string) =>
    s.includes('\u0000') ? 'text_control_characters' : 'text_invalid_unicode';
  const isObject = (v: unknown): v is Record<string, unknown> =>
    !!v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v);
  const topIsObject = (place: Place) => {
    let top = place;
    while (top?.up) top = top.up;
    return top !== undefined && isObject(root) && isObject(root[top.key as string]);
  };
  const stack: { value: unknown; place: Place }[] = [{ value: root, place: undefined }];
  while (stack.length > 0) {
    const { value, place } = stack.pop()!;
    if (typeof value === 'string') {
      if (!checkIsStorableText(value))
        return { field: fieldAt(pathOf(place), topIsObject(place)), problem: problemOf(value) };
    } else if (Array.isArray(value)) {
      // reversed: the stack pops them in the order they were sent
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], place: { key: i, up: place } });
    } else if (isObject(value)) {
      const entries = Object.entries(value);
      for (const [key] of entries)
        if (!checkIsStorableText(key)) return { field: undefined, problem: problemOf(key) };
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push({ value: entries[i]![1], place: { key: entries[i]![0], up: place } });
    }
  }
  return undefined;
}

/**
 * Form-encoded and JSON bodies up to 64 KB; multipart uploads: one file of at most 10 MB (the face
 * video's limit; read-upload.ts holds every other kind to 6 MB).
 *
 * Every parsed query string, path parameter and body is then refused, before any other hook or
 * handler, when it carries text the database cannot store (issue #12: a NUL in a company name was
 * a 500): VALIDATION_FAILED at the field when one can be named, else MALFORMED_REQUEST. The
 * fields' own schemas apply the whole text rule (packages/domain/src/text.ts) with its messages;
 * this is the floor for a field someone forgets. Multipart fields are read by the upload handler
 * against closed patterns (an enum, a UUID).
 */
export const bodyParsers = fp(
  async (app: FastifyInstance) => {
    await app.register(formbody, { bodyLimit: 64 * 1024 });
    await app.register(multipart, {
      limits: {
        fileSize: Math.max(UPLOAD_MAX_BYTES, FACE_VIDEO_MAX_BYTES),
        files: 1,
        fields: 20,
        fieldSize: 1024,
        parts: 21,
      },
      throwFileSizeLimit: true,
    });
    app.addHook('preValidation', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const found = findUnstorableText(part);
        if (!found) continue;
        if (found.field === undefined) throw new AppError('MALFORMED_REQUEST');
        throw new AppError('VALIDATION_FAILED', { [found.field]: found.problem });
      }
    });
  },
  { name: 'body-parsers' },
);
