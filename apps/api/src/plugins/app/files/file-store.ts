import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../../db/client';

/**
 * Where uploaded files live, sealed with the vault (AES-256-GCM, `vault.encryptBytes`), under a
 * storage key the server makes (32 random hex characters). Two drivers behind one interface
 * (docs/decisions/ "file store"):
 *
 * - `database` (default): the sealed bytes are a `file_blobs` row written in the caller's
 *   transaction, so the document row and its bytes commit or vanish together.
 * - `s3`: the sealed bytes are an object in an S3-compatible bucket, uploaded before the caller's
 *   transaction starts (never inside it: a slow bucket must not hold a transaction or its locks
 *   open) and deleted only after the caller's transaction has committed. A crash between the two
 *   leaves an object without a row, which `sweep` removes an hour later; never a row without bytes.
 *
 * The caller uses both drivers the same way:
 *
 * ```ts
 * const staged = await files.stage(plain);           // before the transaction
 * let removals: PendingRemoval[] = [];
 * try {
 *   await db.transaction(async (tx) => {
 *     await staged.attach(tx);                        // in it, with the row naming staged.key
 *     await insertDocumentRow(tx, { storageKey: staged.key, … });
 *     removals = await Promise.all(replacedKeys.map((k) => files.remove(tx, k)));
 *   });
 * } catch (err) {
 *   await staged.discard();                           // rolled back: drop what was uploaded
 *   throw err;
 * }
 * await Promise.all(removals.map((r) => r.afterCommit()));
 * ```
 *
 * Every call validates the storage key it is given (`InvalidStorageKeyError`): keys come from
 * our own rows, but a key never becomes part of a path or an object name unchecked.
 */
export interface FileStore {
  readonly kind: FileStoreKind;

  /**
   * Seals `plain` under a new storage key. `s3` uploads the object now; `database` only seals in
   * memory. Call it before the transaction that writes the row, then `attach` inside it.
   */
  stage(plain: Buffer): Promise<StagedFile>;

  /**
   * The plain bytes of `key`, or null when no such file exists. Throws `FileIntegrityError` when
   * the stored bytes fail the GCM check (tampered, truncated, or sealed under another key).
   */
  get(db: Db, key: string): Promise<Buffer | null>;

  /**
   * Removes `key` as part of the caller's transaction `tx` (the one that deletes or soft-deletes
   * the row): `database` deletes the blob in `tx`; `s3` does nothing yet. Call `afterCommit()` once
   * `tx` has committed: `s3` deletes the object then (a failure is logged and left to `sweep`).
   * If `tx` rolls back, do not call it.
   */
  remove(tx: Tx, key: string): Promise<PendingRemoval>;

  /**
   * Removes files older than `SWEEP_MIN_AGE_MS` (relative to `now`) whose key `isLive` does not
   * answer as live: uploads whose transaction never committed, objects whose post-commit delete
   * never ran. `isLive` must answer for every table that refers to storage keys. Answers how many
   * files it removed. Files younger than an hour are uploads possibly still in flight: never touched.
   */
  sweep(db: Db, isLive: LiveKeys, now: Date): Promise<number>;

  /**
   * Stores bytes that are already sealed with this vault under an existing key (the disk
   * migration; the same key keeps existing rows working). Idempotent: storing the same key again
   * leaves one copy. Not for new uploads, which always go through `stage`.
   */
  importSealed(db: Db, key: string, sealed: Buffer): Promise<void>;

  /** Releases the driver's connections (the S3 client's sockets); call on shutdown. */
  close(): void;
}

export type FileStoreKind = 'database' | 's3';

/** Answers which of `keys` a live row still refers to. */
export type LiveKeys = (keys: string[]) => Promise<Set<string>>;

export interface StagedFile {
  /** The new storage key: the value to write into the row. */
  readonly key: string;
  /** Call once inside the transaction that writes the row naming `key`. */
  attach(tx: Tx): Promise<void>;
  /**
   * Call when that transaction failed: `s3` deletes the uploaded object, `database` has nothing
   * left to do (the rollback took the blob). Never throws; a failure is logged and left to `sweep`.
   */
  discard(): Promise<void>;
}

export interface PendingRemoval {
  /** Never throws; a failure is logged and left to `sweep`. */
  afterCommit(): Promise<void>;
}

/** Where drivers report what they leave to the sweep (the app passes its pino logger). */
export interface FileStoreLogger {
  warn(obj: Record<string, unknown>, msg: string): void;
}

/** Uploads still in flight (in this or another process) are younger than this; never swept. */
export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;

/** How many keys one `isLive` call is asked about. */
export const SWEEP_BATCH = 500;

const STORAGE_KEY_RE = /^[0-9a-f]{32}$/;

export class InvalidStorageKeyError extends Error {
  constructor() {
    super('invalid storage key');
    this.name = 'InvalidStorageKeyError';
  }
}

export class FileIntegrityError extends Error {
  constructor(readonly storageKey: string) {
    super('stored file failed its integrity check');
    this.name = 'FileIntegrityError';
  }
}

export function isStorageKey(value: unknown): value is string {
  return typeof value === 'string' && STORAGE_KEY_RE.test(value);
}

export function checkStorageKey(value: unknown): string {
  if (!isStorageKey(value)) throw new InvalidStorageKeyError();
  return value;
}

/** 128 random bits as 32 hex characters: the only way a storage key is made. */
export function createStorageKey(): string {
  return randomBytes(16).toString('hex');
}

/** Opens sealed bytes, turning a failed GCM check into a `FileIntegrityError`. */
export function openSealed(decrypt: (sealed: Buffer) => Buffer, key: string, sealed: Buffer): Buffer {
  try {
    return decrypt(sealed);
  } catch {
    throw new FileIntegrityError(key);
  }
}

export const silentLogger: FileStoreLogger = { warn: () => {} };
