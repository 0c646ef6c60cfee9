// The items of one submission a reviewer decides (issue #14): every step of the frozen snapshot
// (but the review itself, which holds no answer) and every document, in flow order; and which of
// them changed since the submission last reviewed (a re-submission's diff).

import { STEP_IDS, type StepId } from '../steps/types';
import { canonicalJson } from '../submission';
import { type ReviewItem, reviewItemKey } from './decisions';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStepId = (v: unknown): v is StepId =>
  typeof v === 'string' && (STEP_IDS as readonly string[]).includes(v);

/** Steps without a decision of their own: the review screen is the applicant's last look, not an answer. */
const NOT_REVIEWED: readonly StepId[] = ['review'];

interface SnapshotStep {
  step: StepId;
  answers: Rec;
  sealed: Rec;
}
interface SnapshotDocument {
  id: string;
  step: StepId;
  kind: string;
  sha256: string;
  mime: string;
  size: number;
}

/** A stored snapshot's steps, read defensively (a snapshot is JSON from the database). */
export function snapshotSteps(snapshot: unknown): SnapshotStep[] {
  const steps = isRec(snapshot) && Array.isArray(snapshot.steps) ? snapshot.steps : [];
  return steps.filter(isRec).flatMap((s) =>
    isStepId(s.step)
      ? [
          {
            step: s.step,
            answers: isRec(s.answers) ? s.answers : {},
            sealed: isRec(s.sealed) ? s.sealed : {},
          },
        ]
      : [],
  );
}

export function snapshotDocuments(snapshot: unknown): SnapshotDocument[] {
  const docs = isRec(snapshot) && Array.isArray(snapshot.documents) ? snapshot.documents : [];
  return docs.filter(isRec).flatMap((d) =>
    typeof d.id === 'string' && isStepId(d.step) && typeof d.kind === 'string' && typeof d.sha256 === 'string'
      ? [
          {
            id: d.id,
            step: d.step,
            kind: d.kind,
            sha256: d.sha256,
            mime: typeof d.mime === 'string' ? d.mime : 'application/octet-stream',
            size: typeof d.size === 'number' ? d.size : 0,
          },
        ]
      : [],
  );
}

/** Each step, followed by its documents, in flow order. */
export function reviewItemsOfSnapshot(snapshot: unknown): ReviewItem[] {
  const steps = snapshotSteps(snapshot).filter((s) => !NOT_REVIEWED.includes(s.step));
  const docs = snapshotDocuments(snapshot);
  const order = (step: StepId) => STEP_IDS.indexOf(step);
  const stepIds = [...new Set([...steps.map((s) => s.step), ...docs.map((d) => d.step)])].sort(
    (a, b) => order(a) - order(b),
  );
  const items: ReviewItem[] = [];
  for (const step of stepIds) {
    if (steps.some((s) => s.step === step)) items.push({ kind: 'step', step });
    for (const d of docs.filter((x) => x.step === step))
      items.push({ kind: 'document', step, documentId: d.id, documentKind: d.kind });
  }
  return items;
}

/**
 * A step as compared between submissions: its answers, and each sealed value by its lookup hash
 * when it has one (the same number typed again is sealed anew: another ciphertext, the same hash),
 * else by its stored form.
 */
function comparable(s: SnapshotStep): string {
  const sealed = Object.fromEntries(
    Object.entries(s.sealed).map(([k, v]) => [
      k,
      isRec(v) && typeof v.hash === 'string' ? { hash: v.hash } : v,
    ]),
  );
  return canonicalJson([s.answers, sealed]);
}

/**
 * Keys of the items of `current` that differ from `previous`: a step whose answers or sealed
 * values changed (sealed ones by their lookup hash, so the same value typed again is no change), a
 * document not in the previous submission (a replaced file is a new document). Empty without a
 * previous submission.
 */
export function changedItemKeys(previous: unknown, current: unknown): Set<string> {
  const changed = new Set<string>();
  if (previous === null || previous === undefined) return changed;
  const before = new Map(snapshotSteps(previous).map((s) => [s.step, comparable(s)]));
  for (const s of snapshotSteps(current))
    if (before.get(s.step) !== comparable(s)) changed.add(reviewItemKey({ kind: 'step', step: s.step }));
  const earlierDocs = new Set(snapshotDocuments(previous).map((d) => `${d.id}:${d.sha256}`));
  for (const d of snapshotDocuments(current))
    if (!earlierDocs.has(`${d.id}:${d.sha256}`))
      changed.add(reviewItemKey({ kind: 'document', step: d.step, documentId: d.id, documentKind: d.kind }));
  return changed;
}

/** The applicant's name for the queue, as on the identity document (no number, no phone). */
export function applicantNameOfSnapshot(snapshot: unknown): string {
  const identity = snapshotSteps(snapshot).find((s) => s.step === 'identity')?.answers ?? {};
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const english = [text(identity.english_surname), text(identity.english_given_name)]
    .filter(Boolean)
    .join(' ');
  return [text(identity.chinese_name), english].filter(Boolean).join(' / ') || '—';
}

export interface FieldLine {
  label: string;
  value: string;
}

/**
 * What changed in a step between two renderings of it (each a list of label–value lines in the
 * staff member's language): each label whose value differs, was added or went away, in the current
 * order then the removed ones. The case view shows it beside a re-submission's changed step.
 */
export function fieldChanges(
  previous: readonly FieldLine[],
  current: readonly FieldLine[],
): { label: string; before: string | null; after: string | null }[] {
  const before = new Map(previous.map((l) => [l.label, l.value]));
  const after = new Map(current.map((l) => [l.label, l.value]));
  const changes: { label: string; before: string | null; after: string | null }[] = [];
  for (const l of current)
    if (before.get(l.label) !== l.value)
      changes.push({ label: l.label, before: before.get(l.label) ?? null, after: l.value });
  for (const l of previous)
    if (!after.has(l.label)) changes.push({ label: l.label, before: l.value, after: null });
  return changes;
}
