import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

const dir = mkdtempSync(path.join(tmpdir(), 'hk-file-store-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const s3Env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  DATA_DIR: dir,
  FILE_STORE: 's3',
  S3_BUCKET: 'hk-open-files',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'very-secret-value',
  ...extra,
});

describe('FILE_STORE configuration', () => {
  it('defaults to the database store', () => {
    expect(loadConfig({ DATA_DIR: dir }).fileStore).toEqual({ kind: 'database' });
    expect(loadConfig({ DATA_DIR: dir, FILE_STORE: 'database' }).fileStore).toEqual({ kind: 'database' });
    // S3 settings alone do not switch the store
    expect(loadConfig({ ...s3Env(), FILE_STORE: undefined }).fileStore).toEqual({ kind: 'database' });
  });

  it('reads every S3 setting, with AWS defaults when no endpoint is given', () => {
    expect(loadConfig(s3Env()).fileStore).toEqual({
      kind: 's3',
      bucket: 'hk-open-files',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'very-secret-value',
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      loadConfig(
        s3Env({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'ap-east-1', S3_PREFIX: '/hk-open/files' }),
      ).fileStore,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'ap-east-1',
      forcePathStyle: true, // the default with an endpoint
      prefix: 'hk-open/files/',
    });
  });

  it.each([
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', true],
  ])('S3_FORCE_PATH_STYLE=%s overrides the default', (value, expected) => {
    const withEndpoint = loadConfig(
      s3Env({ S3_ENDPOINT: 'https://s3.example.test', S3_FORCE_PATH_STYLE: value }),
    );
    const without = loadConfig(s3Env({ S3_FORCE_PATH_STYLE: value }));
    expect(withEndpoint.fileStore).toMatchObject({ forcePathStyle: expected });
    expect(without.fileStore).toMatchObject({ forcePathStyle: expected });
  });

  it.each([
    [{ FILE_STORE: 'disk' }, /FILE_STORE must be "database" or "s3"/],
    [{ FILE_STORE: 'S3' }, /FILE_STORE must be/],
    [{ S3_BUCKET: undefined }, /FILE_STORE=s3 needs S3_BUCKET$/],
    [{ S3_ACCESS_KEY_ID: '' }, /FILE_STORE=s3 needs S3_ACCESS_KEY_ID$/],
    [{ S3_SECRET_ACCESS_KEY: undefined }, /FILE_STORE=s3 needs S3_SECRET_ACCESS_KEY$/],
    [
      { S3_BUCKET: undefined, S3_ACCESS_KEY_ID: undefined, S3_SECRET_ACCESS_KEY: undefined },
      /needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    ],
    [{ S3_ENDPOINT: '127.0.0.1:9000' }, /S3_ENDPOINT must be an http/],
    [{ S3_ENDPOINT: 'ftp://127.0.0.1' }, /S3_ENDPOINT must be an http/],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false/],
    [{ S3_PREFIX: 'files/../other' }, /S3_PREFIX/],
    [{ S3_PREFIX: 'a b' }, /S3_PREFIX/],
  ] as [NodeJS.ProcessEnv, RegExp][])('refuses to start with %o', (change, message) => {
    let error: Error | undefined;
    try {
      loadConfig(s3Env(change));
    } catch (err) {
      error = err as Error;
    }
    expect(error?.message).toMatch(message);
    expect(error?.message).not.toContain('very-secret-value'); // the secret never reaches a log
  });
});
