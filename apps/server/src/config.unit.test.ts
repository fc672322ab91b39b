import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('has defaults for a fresh install', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seedDemo).toBe(false);
  });
  it('reads PORT, DATA_DIR, DATABASE_URL and SEED_DEMO', () => {
    const c = loadConfig({
      PORT: '4000',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/d',
      SEED_DEMO: 'true',
    });
    expect(c).toMatchObject({ port: 4000, dataDir: '/tmp/x', databaseUrl: 'postgres://u@h:5432/d', seedDemo: true });
  });
  it('stops with a clear message on bad values', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/Invalid configuration:\n\s+PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });
  it('keeps files on the local disk unless BLOB_STORE=s3', () => {
    expect(loadConfig({}).blobStore).toEqual({ kind: 'local' });
    expect(loadConfig({ BLOB_STORE: 'local', S3_BUCKET: 'ignored' }).blobStore).toEqual({ kind: 'local' });
  });
  it('reads the S3 store: bucket, endpoint, region, keys, path style', () => {
    const c = loadConfig({
      BLOB_STORE: 'S3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'sim-files',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(c.blobStore).toEqual({
      kind: 's3',
      bucket: 'sim-files',
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // AWS S3 with the default credentials: only the bucket
    expect(loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'sim-files' }).blobStore).toEqual({
      kind: 's3',
      bucket: 'sim-files',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
  });
  it('stops with a clear message on a bad S3 store', () => {
    expect(() => loadConfig({ BLOB_STORE: 'disk' })).toThrow(/BLOB_STORE: BLOB_STORE must be local or s3/);
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow(/S3_BUCKET: S3_BUCKET is required when BLOB_STORE=s3/);
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b1b', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b1b', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b1b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});
