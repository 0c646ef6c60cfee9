// The frozen copy of what a person submitted (issue #5 §2): built here, stored as it is, never
// changed. A re-submission after a refusal is a new, higher-numbered one.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { STEPS } from './steps/registry';
import type { StepId } from './steps/types';

/**
 * The versions of the agreements a person accepts at login (effective dates of the documents in
 * apps/web/src/components/legal/content); the signature step adds the account agreements.
 */
export const LOGIN_AGREEMENT_VERSIONS: Readonly<Record<string, string>> = {
  'user-agreement': '2026-11-01',
  disclaimer: '2026-11-01',
  'privacy-guideline': '2026-11-01',
  'personal-data-collection-statement': '2026-11-01',
};

/** A sealed answer as stored: ciphertext (vault), look-up hash, masked form. Never the plain value. */
export interface SealedValue {
  sealed: string;
  hash: string | null;
  masked: string | null;
}

export interface SubmissionInput {
  applicationId: string;
  /** 1 for the first submission, then one more for each re-submission. */
  number: number;
  submittedAt: string;
  markets: readonly string[];
  steps: readonly {
    step: StepId;
    version: number;
    confirmedAt: string | null;
    answers: Readonly<Record<string, unknown>>;
    sealed: Readonly<Record<string, SealedValue>>;
  }[];
  documents: readonly {
    id: string;
    step: string;
    kind: string;
    sha256: string;
    mime: string;
    size: number;
  }[];
  agreements: Readonly<Record<string, string>>;
}

export interface Submission {
  snapshot: Record<string, unknown>;
  sha256: string;
}

/** JSON with object keys sorted at every depth: the same content always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * The snapshot of a submission and its SHA-256 over the canonical JSON. Steps and documents are
 * put in a fixed order, so the hash depends on the content only. Sealed answers go in sealed:
 * the snapshot holds no plain identity, tax or bank number.
 */
export function buildSubmission(input: SubmissionInput): Submission {
  if (!Number.isInteger(input.number) || input.number < 1) throw new Error('submission number must be ≥ 1');
  const order = new Map(STEPS.map((s, i) => [s.id, i]));
  const snapshot = {
    format: 1,
    application_id: input.applicationId,
    number: input.number,
    submitted_at: input.submittedAt,
    markets: [...input.markets],
    steps: [...input.steps]
      .sort((a, b) => (order.get(a.step) ?? 99) - (order.get(b.step) ?? 99))
      .map((s) => ({
        step: s.step,
        version: s.version,
        confirmed_at: s.confirmedAt,
        answers: s.answers,
        sealed: s.sealed,
      })),
    documents: [...input.documents]
      .sort(
        (a, b) => a.step.localeCompare(b.step) || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id),
      )
      .map((d) => ({ id: d.id, step: d.step, kind: d.kind, sha256: d.sha256, mime: d.mime, size: d.size })),
    agreements: input.agreements,
  };
  return { snapshot, sha256: sha256Hex(canonicalJson(snapshot)) };
}

/** Recomputes a stored snapshot's hash: true when it is exactly what was submitted. */
export function verifySubmission(snapshot: unknown, expectedSha256: string): boolean {
  return sha256Hex(canonicalJson(snapshot)) === expectedSha256;
}
