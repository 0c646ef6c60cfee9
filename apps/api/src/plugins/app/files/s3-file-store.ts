import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3FileStoreConfig } from '../../../config';
import type { Vault } from '../../../lib/crypto';
import {
  checkStorageKey,
  createStorageKey,
  type FileStore,
  type FileStoreLogger,
  isStorageKey,
  openSealed,
  SWEEP_BATCH,
  SWEEP_MIN_AGE_MS,
  silentLogger,
} from './file-store';

export interface S3FileStoreOptions {
  logger?: FileStoreLogger;
  /** Objects asked for per list call in the sweep (tests make it small to cover paging). */
  listPageSize?: number;
}

/**
 * Sealed bytes as objects `<prefix><storage key>` in an S3-compatible bucket. The bucket only ever
 * holds vault-sealed bytes: whoever reads the bucket without DATA_KEY sees no photo. An object is
 * uploaded before the row's transaction and deleted after it commits (see `FileStore`); the
 * sweep lists only our own prefix and only names shaped like our keys, so a shared bucket's other
 * objects are never touched.
 */
export function createS3FileStore(
  config: S3FileStoreConfig,
  vault: Vault,
  options: S3FileStoreOptions = {},
): FileStore {
  const logger = options.logger ?? silentLogger;
  const pageSize = options.listPageSize ?? 1000;
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Many S3-compatible servers do not accept the SDK's newer default checksum trailers; the
    // bytes carry their own GCM tag, which `get` checks, so only send checksums S3 requires.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Without these the SDK waits on a silent endpoint forever, and so would the upload request.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const bucket = config.bucket;
  const objectKey = (key: string) => `${config.prefix}${checkStorageKey(key)}`;

  async function deleteObject(key: string, reason: string): Promise<void> {
    try {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (err) {
      // The row is already gone (or was never committed): the sweep retries after an hour.
      logger.warn(
        { module: 'file-store', storageKey: key, reason, err },
        'object not deleted; left to the sweep',
      );
    }
  }

  async function putSealed(key: string, sealed: Buffer): Promise<void> {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: objectKey(key),
        Body: sealed,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  return {
    kind: 's3',

    async stage(plain) {
      const key = createStorageKey();
      await putSealed(key, vault.encryptBytes(plain));
      let attached = false;
      return {
        key,
        async attach() {
          if (attached) throw new Error('staged file attached twice');
          attached = true;
        },
        discard: () => deleteObject(key, 'transaction rolled back'),
      };
    },

    async get(_db, key) {
      const name = objectKey(key);
      let sealed: Buffer;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
        if (!res.Body) return null;
        sealed = Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
      return openSealed(vault.decryptBytes, key, sealed);
    },

    async remove(_tx, key) {
      checkStorageKey(key);
      return { afterCommit: () => deleteObject(key, 'row deleted') };
    },

    async sweep(_db, isLive, now) {
      const cutoff = now.getTime() - SWEEP_MIN_AGE_MS;
      let removed = 0;
      let startAfter: string | undefined;
      for (;;) {
        // StartAfter rather than a continuation token: deleting while listing cannot shift it.
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: config.prefix || undefined,
            MaxKeys: pageSize,
            ...(startAfter ? { StartAfter: startAfter } : {}),
          }),
        );
        const objects = page.Contents ?? [];
        const candidates: string[] = [];
        for (const object of objects) {
          const name = object.Key;
          if (!name?.startsWith(config.prefix)) continue;
          const key = name.slice(config.prefix.length);
          if (!isStorageKey(key)) continue;
          if (!object.LastModified || object.LastModified.getTime() >= cutoff) continue;
          candidates.push(key);
        }
        for (let i = 0; i < candidates.length; i += SWEEP_BATCH) {
          const batch = candidates.slice(i, i + SWEEP_BATCH);
          const live = await isLive(batch);
          for (const key of batch) {
            if (live.has(key)) continue;
            await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
            removed++;
          }
        }
        const last = objects[objects.length - 1]?.Key;
        if (!page.IsTruncated || !last) return removed;
        startAfter = last;
      }
    },

    async importSealed(_db, key, sealed) {
      await putSealed(checkStorageKey(key), sealed);
    },

    close() {
      client.destroy();
    },
  };
}

function isNotFound(err: unknown): boolean {
  // A missing bucket is a configuration error, not a missing file: let it surface.
  if (!(err instanceof S3ServiceException) || err.name === 'NoSuchBucket') return false;
  return err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404;
}
