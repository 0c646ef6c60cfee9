import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { count, eq } from 'drizzle-orm';
import type { S3FileStoreConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { fileBlobs } from '../src/db/schema';
import { createVault, type Vault } from '../src/lib/crypto';
import { createDatabaseFileStore } from '../src/plugins/app/files/database-file-store';
import type { FileStore } from '../src/plugins/app/files/file-store';
import { createS3FileStore, type S3FileStoreOptions } from '../src/plugins/app/files/s3-file-store';
import { type DbKind, openMigratedDatabase } from './databases';

export interface OpenedDatabase {
  db: Db;
  /** The PostgreSQL database (undefined for PGlite): a second connection can open it. */
  url: string | undefined;
  close(): Promise<void>;
}

/** A fresh, migrated database of `kind`, without the app. */
export async function openFreshDatabase(kind: DbKind): Promise<OpenedDatabase> {
  const fresh = await openMigratedDatabase(kind);
  return { db: fresh.database.db, url: fresh.url, close: fresh.drop };
}

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  directory: string;
  /** A client of the bucket as anyone with bucket access (not the store) would use it. */
  client: S3Client;
  config(prefix?: string): S3FileStoreConfig;
  /** Every object in the bucket: name and raw bytes. */
  listAll(): Promise<{ key: string; body: Buffer }[]>;
  putRaw(key: string, body: Buffer): Promise<void>;
  getRaw(key: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

/** s3rver on 127.0.0.1 on a free port, in a temp directory, with one bucket (its own process). */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'hk-s3rver-'));
  const bucket = 'hk-open-test';
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-process.mjs'), directory, bucket],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (prefix = ''): S3FileStoreConfig => ({
    kind: 's3',
    bucket,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix,
  });
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const getRaw = async (key: string) => {
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await res.Body!.transformToByteArray());
    } catch (err) {
      if ((err as Error).name === 'NoSuchKey') return null;
      throw err;
    }
  };
  return {
    endpoint,
    bucket,
    directory,
    client,
    config,
    getRaw,
    async putRaw(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async listAll() {
      const out: { key: string; body: Buffer }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) out.push({ key: o.Key!, body: (await getRaw(o.Key!))! });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out;
    },
    async close() {
      client.destroy();
      child.stdin!.end(); // the server stops when its stdin closes
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A store with raw access to what it stored, for the contract suite. */
export interface StoreUnderTest {
  store: FileStore;
  db: Db;
  vault: Vault;
  /** The sealed bytes as stored under `key`, or null when nothing is stored. */
  readStored(key: string): Promise<Buffer | null>;
  /** Overwrites what is stored under `key` (tampering, as someone with storage access could). */
  writeStored(key: string, bytes: Buffer): Promise<void>;
  close(): Promise<void>;
}

export const newVault = () => createVault(randomBytes(32));

export async function openDatabaseStore(kind: DbKind): Promise<StoreUnderTest> {
  const database = await openFreshDatabase(kind);
  const vault = newVault();
  const { db } = database;
  return {
    store: createDatabaseFileStore(vault),
    db,
    vault,
    async readStored(key) {
      const [row] = await db
        .select({ data: fileBlobs.data })
        .from(fileBlobs)
        .where(eq(fileBlobs.storageKey, key));
      return row?.data ?? null;
    },
    async writeStored(key, bytes) {
      await db.update(fileBlobs).set({ data: bytes }).where(eq(fileBlobs.storageKey, key));
    },
    close: () => database.close(),
  };
}

export async function openS3Store(
  kind: DbKind,
  options: S3FileStoreOptions = {},
): Promise<StoreUnderTest & { s3: LocalS3; prefix: string }> {
  const database = await openFreshDatabase(kind);
  const s3 = await startLocalS3();
  const vault = newVault();
  const prefix = 'files/';
  const store = createS3FileStore(s3.config(prefix), vault, options);
  return {
    store,
    db: database.db,
    vault,
    s3,
    prefix,
    readStored: (key) => s3.getRaw(`${prefix}${key}`),
    writeStored: (key, bytes) => s3.putRaw(`${prefix}${key}`, bytes),
    async close() {
      store.close();
      await s3.close();
      await database.close();
    },
  };
}

/** Counts the blobs in `file_blobs` (database driver). */
export async function countBlobs(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fileBlobs);
  return row!.n;
}
