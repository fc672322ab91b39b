import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { connectDatabase, type Database } from '../../src/db/client';
import { BlobExistsError, BlobTooLargeError } from '../../src/lib/blob-store';
import { advisoryKeyLock, S3BlobStore, s3ClientOf } from '../../src/lib/s3-blob-store';
import { createBlobStore } from '../../src/runtime';
import '../factories/provided';
import { type LocalS3, startLocalS3 } from './s3-server';

/**
 * The S3 blob store (BLOB_STORE=s3) against s3rver: the BlobStore contract (types, sizes, ranges, streams,
 * limits, folders), and write-once keys that stay write-once across instances although s3rver ignores
 * `If-None-Match: *` (the key lock in PostgreSQL decides).
 */
describe('S3 blob store', () => {
  let s3: LocalS3;
  let spool: string;
  let store: S3BlobStore;
  const databases: Database[] = [];

  /** A store as one instance makes it: its own S3 client, database pool and spool folder. */
  function instance(tmpDir = spool) {
    const database = connectDatabase(inject('databaseUrl'), 3);
    databases.push(database);
    return new S3BlobStore(s3ClientOf(s3.config), s3.bucket, { keyLock: advisoryKeyLock(database.db), tmpDir });
  }
  const text = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(Buffer.from(c));
    return Buffer.concat(chunks).toString('utf8');
  };

  beforeAll(async () => {
    s3 = await startLocalS3();
    spool = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-s3-spool-'));
    store = instance();
  });
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
    await s3?.close();
    await fs.rm(spool, { recursive: true, force: true });
  });

  it('is what BLOB_STORE=s3 builds, and checks its bucket', async () => {
    const config = loadConfig({ DATA_DIR: spool, ...s3.env });
    const built = createBlobStore(config, databases[0].db);
    expect(built).toBeInstanceOf(S3BlobStore);
    await expect((built as S3BlobStore).check()).resolves.toBeUndefined();
    const other = new S3BlobStore(s3ClientOf(s3.config), 'no-such-bucket');
    await expect(other.check()).rejects.toThrow(/"no-such-bucket" cannot be used \(HTTP 404\)/);
  });

  it('stores, reads, stats and deletes a file with its type; a missing key is null', async () => {
    await store.put('t/a/one.txt', Buffer.from('hello'), 'text/plain');
    expect(await store.get('t/a/one.txt')).toEqual({ data: Buffer.from('hello'), contentType: 'text/plain' });
    expect(await store.stat('t/a/one.txt')).toEqual({ size: 5, contentType: 'text/plain' });
    expect(await store.exists('t/a/one.txt')).toBe(true);
    expect(await store.get('t/a/none.txt')).toBeNull();
    expect(await store.stat('t/a/none.txt')).toBeNull();
    expect(await store.getStream('t/a/none.txt')).toBeNull();
    expect(await store.exists('t/a/none.txt')).toBe(false);
    await store.put('t/a/one.txt', Buffer.from('bye'), 'text/csv');
    expect(await store.get('t/a/one.txt')).toEqual({ data: Buffer.from('bye'), contentType: 'text/csv' });
    await store.delete('t/a/one.txt');
    expect(await store.exists('t/a/one.txt')).toBe(false);
    await expect(store.delete('t/a/one.txt')).resolves.toBeUndefined();
    await expect(store.put('../x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid blob key/);
  });

  it('streams in and out, with byte ranges and the whole size', async () => {
    const data = Buffer.from('0123456789abcdefghij'.repeat(1000));
    const source = Readable.from([data.subarray(0, 7000), data.subarray(7000)]);
    expect(await store.putStream('t/s/data.bin', source, 'application/x-test')).toEqual({
      size: data.length,
      contentType: 'application/x-test',
    });
    const whole = await store.getStream('t/s/data.bin');
    expect(whole?.size).toBe(data.length);
    expect(whole?.contentType).toBe('application/x-test');
    expect(await text(whole!.stream)).toBe(data.toString('utf8'));
    const part = await store.getStream('t/s/data.bin', { start: 10, end: 19 });
    expect(part?.size).toBe(data.length);
    expect(await text(part!.stream)).toBe('abcdefghij');
    const last = await store.getStream('t/s/data.bin', { start: data.length - 1, end: data.length - 1 });
    expect(await text(last!.stream)).toBe('j');
    const file = path.join(spool, 'local.txt');
    await fs.writeFile(file, 'from a file');
    expect(await store.putFile('t/s/file.txt', file, 'text/plain')).toEqual({ size: 11, contentType: 'text/plain' });
    expect((await store.get('t/s/file.txt'))?.data.toString()).toBe('from a file');
    await fs.rm(file);
    expect(await fs.readdir(spool)).toEqual([]); // no spooled upload left behind (the folder is made when needed)
  });

  it('stores nothing past maxBytes, and an empty file is a file', async () => {
    const big = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(store.putStream('t/l/big.bin', big, 'video/webm', { maxBytes: 1000 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    expect(await store.exists('t/l/big.bin')).toBe(false);
    expect(
      await store.putStream('t/l/fits.bin', Readable.from([Buffer.alloc(1000)]), 'video/webm', { maxBytes: 1000 }),
    ).toMatchObject({ size: 1000 });
    expect(await store.putStream('t/l/empty.bin', Readable.from([]), 'text/plain')).toMatchObject({ size: 0 });
    expect(await store.stat('t/l/empty.bin')).toEqual({ size: 0, contentType: 'text/plain' });
    expect(await fs.readdir(spool)).toEqual([]);
  });

  it('deletes a folder of keys and nothing beside it', async () => {
    const keys = ['t/p/f/1', 't/p/f/2', 't/p/f/sub/3', 't/p/f.txt', 't/p/fx/4'];
    for (const key of keys) await store.put(key, Buffer.from(key), 'text/plain');
    await store.deletePrefix('t/p/f/');
    expect(await Promise.all(keys.map((k) => store.exists(k)))).toEqual([false, false, false, true, true]);
  });

  it('s3rver ignores If-None-Match on PUT: the key lock is what keeps a key write-once there', async () => {
    const client = s3ClientOf(s3.config);
    const put = (body: string) =>
      client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 't/raw/k', Body: body, IfNoneMatch: '*' }));
    await put('first');
    await expect(put('second')).resolves.toBeDefined();
    expect((await store.get('t/raw/k'))?.data.toString()).toBe('second');
  });

  it('writes a write-once key once: a second write fails and leaves the first file', async () => {
    const once = { ifAbsent: true, maxBytes: 100 };
    await store.putStream('t/o/part', Readable.from([Buffer.from('first')]), 'video/webm', once);
    await expect(
      store.putStream('t/o/part', Readable.from([Buffer.from('second!')]), 'video/webm', once),
    ).rejects.toBeInstanceOf(BlobExistsError);
    expect(await store.get('t/o/part')).toEqual({ data: Buffer.from('first'), contentType: 'video/webm' });
    // a write that failed (too large) stored nothing: the key may be written afterwards
    await expect(
      store.putStream('t/o/later', Readable.from([Buffer.alloc(101)]), 'video/webm', once),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    await store.putStream('t/o/later', Readable.from([Buffer.from('ok')]), 'video/webm', once);
    expect((await store.get('t/o/later'))?.data.toString()).toBe('ok');
  });

  it('of concurrent write-once writes of a key from two instances, exactly one wins and its bytes stay', async () => {
    const other = instance(path.join(spool, 'other')); // made on its first upload, removed with the spool
    const rounds = 12;
    for (let round = 0; round < rounds; round++) {
      const key = `t/race/${round}`;
      const writers = [store, other, store, other].map((s, i) =>
        s
          .putStream(key, Readable.from([Buffer.from(`writer ${i} `.repeat(200 + i))]), 'video/webm', {
            ifAbsent: true,
          })
          .then(
            () => i,
            (err) => {
              if (!(err instanceof BlobExistsError)) throw err;
              return -1;
            },
          ),
      );
      const outcome = await Promise.all(writers);
      const winners = outcome.filter((i) => i >= 0);
      expect(winners, `round ${round}`).toHaveLength(1);
      const stored = await store.get(key);
      expect(stored?.data.toString()).toBe(`writer ${winners[0]} `.repeat(200 + winners[0]));
    }
    expect(await fs.readdir(path.join(spool, 'other'))).toEqual([]);
    process.stdout.write(
      `[scale-out] S3 write-once: ${rounds} rounds × 4 concurrent writers on 2 instances, one winner each\n`,
    );
  });
});
