import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Where Redis tests run: TEST_REDIS_URL, or a server answering on 127.0.0.1:6379 (as
 * findPostgres does for PostgreSQL: skipped only when nothing answers and nothing was configured).
 */
let probe: Promise<string | undefined> | undefined;
export function findRedis(): Promise<string | undefined> {
  probe ??= (async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: 1500,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.ping();
      return url;
    } catch {
      if (process.env.TEST_REDIS_URL) throw new Error(`TEST_REDIS_URL does not answer: ${url}`);
      return undefined;
    } finally {
      client.disconnect();
    }
  })();
  return probe;
}

/** A key prefix no other test run uses, so reruns and parallel runs never share counters. */
export function uniqueRedisPrefix(name: string): string {
  return `hk-test:${name}:${process.pid}:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under the prefix. */
export async function dropRedisPrefix(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}
