// Issue #15 (docs/evidence-pack.md): the evidence pack of one application and how it is checked.
//
// A pack is a folder (or a zip of one) holding the application's records and `manifest.json`,
// which lists every other file with its SHA-256 and size. `manifest.json` is canonical JSON (keys
// sorted, no spaces: the same content is always the same bytes); `manifest.sig` is the server's
// Ed25519 signature over those exact bytes, in base64; `public-key.pem` is the key that checks it
// (itself listed in the manifest). Signing and checking the signature need a crypto library and
// happen in the API; what the files must be is decided here.
import * as z from 'zod/mini';
import { canonicalJson } from '../submission';

export const EVIDENCE_FORMAT = 'hk-evidence-pack/1';
export const MANIFEST_FILE = 'manifest.json';
export const SIGNATURE_FILE = 'manifest.sig';
export const PUBLIC_KEY_FILE = 'public-key.pem';

const sha256 = z.string().check(z.regex(/^[0-9a-f]{64}$/));

/** A path inside a pack: relative, `/`-separated, no `.` or `..` parts, nothing hidden, ASCII. */
export function checkIsSafePackPath(path: string): boolean {
  if (path.length === 0 || path.length > 200) return false;
  if (!/^[A-Za-z0-9._/-]+$/.test(path)) return false;
  return path
    .split('/')
    .every((part) => part !== '' && part !== '.' && part !== '..' && !part.startsWith('.'));
}

export const ManifestFileSchema = z.object({
  path: z.string().check(z.refine(checkIsSafePackPath, 'unsafe path')),
  sha256,
  size: z.number().check(z.int(), z.minimum(0)),
});
export type ManifestFile = z.infer<typeof ManifestFileSchema>;

export const ManifestSchema = z.object({
  format: z.literal(EVIDENCE_FORMAT),
  applicationId: z.string(),
  /** ISO instant the pack was made. */
  createdAt: z.string(),
  /** Who made it: a staff member through the console, or the command line. */
  createdBy: z.object({ via: z.enum(['console', 'command']), staffId: z.nullable(z.string()) }),
  /** SHA-256 of the signing public key's DER (SPKI) bytes: compare it with the broker's published one. */
  keyFingerprint: sha256,
  /** Records the server could not put in the pack (a file whose stored bytes failed their check). */
  notes: z.array(z.string()),
  files: z.array(ManifestFileSchema),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** The bytes of `manifest.json`: canonical JSON, files in path order. */
export function serializeManifest(manifest: Manifest): string {
  const files = [...manifest.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return canonicalJson({ ...manifest, files });
}

export type PackProblem =
  | { path: string; problem: 'missing' | 'unexpected' | 'hash_mismatch' | 'size_mismatch' | 'unsafe_path' }
  | {
      path: typeof MANIFEST_FILE;
      problem: 'manifest_unreadable' | 'manifest_not_canonical' | 'signature_invalid';
    }
  | { path: typeof SIGNATURE_FILE; problem: 'signature_missing' | 'signature_invalid' }
  | { path: typeof PUBLIC_KEY_FILE; problem: 'key_missing' | 'key_not_expected' };

/** Reads `manifest.json`'s text: the manifest, or why it cannot be trusted as one. */
export function parseManifest(
  text: string,
):
  | { ok: true; manifest: Manifest }
  | { ok: false; problem: 'manifest_unreadable' | 'manifest_not_canonical' } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'manifest_unreadable' };
  }
  const parsed = z.safeParse(ManifestSchema, raw);
  if (!parsed.success) return { ok: false, problem: 'manifest_unreadable' };
  // the signature covers these exact bytes; anything else was written by someone else
  if (serializeManifest(parsed.data) !== text) return { ok: false, problem: 'manifest_not_canonical' };
  return { ok: true, manifest: parsed.data };
}

/**
 * Compares the files found in a pack (path → SHA-256 and size; the manifest and its signature
 * left out) with the manifest: every listed file present and unchanged, nothing added.
 */
export function comparePackFiles(
  manifest: Manifest,
  found: ReadonlyMap<string, { sha256: string; size: number }>,
): PackProblem[] {
  const problems: PackProblem[] = [];
  const listed = new Set<string>();
  for (const f of manifest.files) {
    listed.add(f.path);
    const actual = found.get(f.path);
    if (!actual) problems.push({ path: f.path, problem: 'missing' });
    else if (actual.size !== f.size) problems.push({ path: f.path, problem: 'size_mismatch' });
    else if (actual.sha256 !== f.sha256) problems.push({ path: f.path, problem: 'hash_mismatch' });
  }
  for (const path of [...found.keys()].sort()) {
    if (path === MANIFEST_FILE || path === SIGNATURE_FILE || listed.has(path)) continue;
    problems.push({ path, problem: checkIsSafePackPath(path) ? 'unexpected' : 'unsafe_path' });
  }
  return problems;
}

/** A file name part made of safe characters (a document kind, a language). */
export function packNamePart(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60) || '_';
}
