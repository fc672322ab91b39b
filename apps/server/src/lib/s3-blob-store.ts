import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type PutObjectCommandInput,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  assertValidKey,
  BlobExistsError,
  type BlobInfo,
  type BlobStore,
  type ByteRange,
  type PutOptions,
  type PutStreamOptions,
  writeLimited,
} from './blob-store';

/**
 * The blob store in an S3-compatible bucket (AWS S3, MinIO, s3rver...), for several server instances
 * sharing their files (BLOB_STORE=s3). Keys are the object keys, as they are (no prefix); each object keeps
 * its content type.
 *
 * Write-once (`putStream` with `ifAbsent`): the upload is first spooled to a local temporary file (counting
 * bytes against maxBytes, so nothing is stored past the limit and S3 gets a known length), then, under the
 * key's lock, the key is looked up (HEAD) and the object put with `If-None-Match: *`. The lock is a
 * PostgreSQL advisory lock on a hash of the key (`advisoryKeyLock`), so of two writes of one key from any
 * instances exactly one stores it and the other fails with BlobExistsError: the guarantee does not depend on
 * the S3 server honouring `If-None-Match` (AWS S3 and MinIO do; s3rver ignores it on PUT). It holds for every
 * writer that goes through this store with the shared database; a writer outside the app is stopped only by
 * a server that honours `If-None-Match`.
 */

/** Runs `run` while holding the lock of `key` against every other holder of the same key (all instances). */
export type KeyLock = <T>(key: string, run: () => Promise<T>) => Promise<T>;

/**
 * The key lock of the instances sharing one PostgreSQL: a transaction-scoped advisory lock on a 64-bit hash
 * of the key, held while `run` runs (a hash collision only makes two keys wait for each other).
 */
export function advisoryKeyLock(db: Db): KeyLock {
  return (key, run) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`blob:${key}`}, 0))`);
      return run();
    });
}

/** A lock of this process only (one instance, or a test without a database). */
export function processKeyLock(): KeyLock {
  const tails = new Map<string, Promise<unknown>>();
  return async (key, run) => {
    const before = tails.get(key) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(run);
    const tail = mine.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await mine;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

export interface S3Settings {
  bucket: string;
  /** the server's URL (MinIO, s3rver...); unset for AWS S3 */
  endpoint?: string;
  region: string;
  /** unset: the SDK's default credentials (environment, instance role...) */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than in the host name; most non-AWS servers need it */
  forcePathStyle: boolean;
}

export function s3ClientOf(s: S3Settings): S3Client {
  return new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
    // checksums only where S3 requires them: S3-compatible servers do not all read the newer trailers
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const DEFAULT_TYPE = 'application/octet-stream';
/** Objects deleted per DeleteObjects call (S3's limit). */
const DELETE_BATCH = 1000;

function statusOf(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata?.httpStatusCode : undefined;
}

const isMissing = (err: unknown) =>
  statusOf(err) === 404 || (err instanceof S3ServiceException && ['NoSuchKey', 'NotFound'].includes(err.name));

let spoolCounter = 0;

export class S3BlobStore implements BlobStore {
  private readonly lock: KeyLock;
  private readonly tmpDir: string;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    options: { keyLock?: KeyLock; tmpDir?: string } = {},
  ) {
    this.lock = options.keyLock ?? processKeyLock();
    this.tmpDir = options.tmpDir ?? os.tmpdir();
  }

  /** Fails with a clear message when the bucket cannot be reached (checked at start-up). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = statusOf(err);
      const why = status ? `HTTP ${status}` : err instanceof Error ? err.message : String(err);
      throw new Error(
        `The S3 bucket "${this.bucket}" cannot be used (${why}); check S3_ENDPOINT, S3_BUCKET and the keys.`,
      );
    }
  }

  private async putObject(input: Omit<PutObjectCommandInput, 'Bucket'>) {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, ...input }));
  }

  async put(key: string, data: Buffer, contentType: string, options: PutOptions = {}) {
    assertValidKey(key);
    const upload = (ifNoneMatch?: string) =>
      this.putObject({
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        IfNoneMatch: ifNoneMatch,
      });
    if (options.ifAbsent) await this.putOnce(key, upload);
    else await upload();
  }

  /** A write-once upload: under the key's lock, refused (BlobExistsError) when an object is there. */
  private putOnce(key: string, upload: (ifNoneMatch: string) => Promise<void>) {
    return this.lock(key, async () => {
      if (await this.exists(key)) throw new BlobExistsError(key);
      try {
        await upload('*');
      } catch (err) {
        // 412: the server honours If-None-Match and found an object written outside the lock
        if (statusOf(err) === 412) throw new BlobExistsError(key);
        throw err;
      }
    });
  }

  async putStream(key: string, source: Readable, contentType: string, options: PutStreamOptions = {}) {
    assertValidKey(key);
    spoolCounter = (spoolCounter + 1) % 1_000_000;
    const spool = path.join(this.tmpDir, `sim-s3-${process.pid}-${Date.now()}-${spoolCounter}.part`);
    await fs.mkdir(this.tmpDir, { recursive: true });
    try {
      const size = await writeLimited(source, spool, options.maxBytes ?? Number.POSITIVE_INFINITY);
      const upload = (ifNoneMatch?: string) =>
        this.putObject({
          Key: key,
          Body: createReadStream(spool),
          ContentType: contentType,
          ContentLength: size,
          IfNoneMatch: ifNoneMatch,
        });
      if (options.ifAbsent) await this.putOnce(key, upload);
      else await upload();
      return { size, contentType };
    } finally {
      await fs.rm(spool, { force: true });
    }
  }

  async putFile(key: string, file: string, contentType: string) {
    assertValidKey(key);
    const { size } = await fs.stat(file);
    await this.putObject({ Key: key, Body: createReadStream(file), ContentType: contentType, ContentLength: size });
    return { size, contentType };
  }

  async get(key: string) {
    const found = await this.getStream(key);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(Buffer.from(chunk));
    return { data: Buffer.concat(chunks), contentType: found.contentType };
  }

  async stat(key: string): Promise<BlobInfo | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType || DEFAULT_TYPE };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async getStream(key: string, range?: ByteRange) {
    assertValidKey(key);
    try {
      const got = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // the whole file's size: "bytes 0-9/1234" of a range, else the length answered
      const total = /\/(\d+)$/.exec(got.ContentRange ?? '')?.[1];
      const size = total !== undefined ? Number(total) : (got.ContentLength ?? 0);
      const body = got.Body as Readable | undefined;
      const stream = body ?? Readable.from([]);
      return { size, contentType: got.ContentType || DEFAULT_TYPE, stream };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string) {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string) {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string) {
    const folder = prefix.replace(/\/+$/, '');
    assertValidKey(folder);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${folder}/`, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      for (let at = 0; at < keys.length; at += DELETE_BATCH) {
        const batch = keys.slice(at, at + DELETE_BATCH);
        const answer = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch, Quiet: true } }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length) throw new Error(`${failed.length} files under ${folder} could not be deleted`);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
