import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A byte range of a stored file, both ends included (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobInfo {
  size: number;
  contentType: string;
}

/**
 * Files (audio, video, attachments, learning packages...) live in a blob store; the database keeps only
 * keys. Local disk under DATA_DIR/blobs by default (one instance); an S3-compatible bucket with
 * BLOB_STORE=s3 (lib/s3-blob-store.ts), which several instances share. Large files go through the stream
 * methods and are never held whole in memory.
 */
export interface BlobStore {
  /** Stores bytes held in memory; with `ifAbsent`, write-once as putStream's. */
  put(key: string, data: Buffer, contentType: string, options?: PutOptions): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Stores a stream; fails with BlobTooLargeError (and stores nothing) past maxBytes. With `ifAbsent` the
   * key is write-once: when a file is already there (or another write of the key finishes first) it fails
   * with BlobExistsError and the stored file is left as it was (S3: the writes of a key are serialized by a
   * PostgreSQL advisory lock and the key is checked first; `If-None-Match: *` is sent too, see s3-blob-store.ts).
   */
  putStream(key: string, source: Readable, contentType: string, options?: PutStreamOptions): Promise<BlobInfo>;
  /** Stores a local file (copied; the file is left in place). */
  putFile(key: string, file: string, contentType: string): Promise<BlobInfo>;
  stat(key: string): Promise<BlobInfo | null>;
  /** A stream of the file, or of a byte range of it; size is the whole file's. */
  getStream(key: string, range?: ByteRange): Promise<(BlobInfo & { stream: Readable }) | null>;
  /** Deletes every file under a folder of keys ("a/b" deletes "a/b/..."). */
  deletePrefix(prefix: string): Promise<void>;
}

export interface PutOptions {
  ifAbsent?: boolean;
}

export interface PutStreamOptions extends PutOptions {
  maxBytes?: number;
}

export class BlobExistsError extends Error {
  constructor(readonly key: string) {
    super(`a file is already stored under ${key}`);
  }
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
  }
}

/** Suffixes the local store uses for its own files (content type, writes in progress). */
const RESERVED_SUFFIXES = ['.type', '.tmp'];
/** One segment of a key: letters, digits and common file-name punctuation; no leading dot. */
const SEGMENT = /^[\p{L}\p{N}_\-(][\p{L}\p{M}\p{N} ._\-()+,@~!$&'=[\]{}#%]*$/u;
export const MAX_KEY_LENGTH = 1024;
const MAX_SEGMENT_BYTES = 200;

/** True for a key the stores accept: "/"-separated safe segments, none "." or "..", no reserved suffix. */
export function isValidKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split('/');
  for (const s of segments) {
    if (!SEGMENT.test(s) || Buffer.byteLength(s) > MAX_SEGMENT_BYTES || s.endsWith(' ')) return false;
  }
  const last = segments[segments.length - 1].toLowerCase();
  return !RESERVED_SUFFIXES.some((suffix) => last.endsWith(suffix));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid blob key: ${key}`);
}

/** A file stored with this type has no `.type` sidecar (it is what a file without one reads as). */
const DEFAULT_TYPE = 'application/octet-stream';

let tmpCounter = 0;

/** Folders a store remembers as made (a recording's parts go to one folder per attempt); then it starts over. */
const MAX_KNOWN_DIRS = 10_000;

export class LocalBlobStore implements BlobStore {
  private readonly knownDirs = new Set<string>();

  constructor(private readonly root: string) {}

  private file(key: string) {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  private tmpName(file: string) {
    tmpCounter = (tmpCounter + 1) % 1_000_000;
    return `${file}.${process.pid}.${Date.now()}.${tmpCounter}.tmp`;
  }

  /**
   * Moves a finished temporary file (and its type) into place: a reader never sees half a file. The default
   * type has no sidecar file (an internal file, such as a recording's raw part, costs no second write).
   */
  private async commit(tmp: string, file: string, contentType: string) {
    if (contentType === DEFAULT_TYPE) await fs.rm(`${file}.type`, { force: true });
    else {
      await writeSynced(`${tmp}.type`, Buffer.from(contentType));
      await fs.rename(`${tmp}.type`, `${file}.type`);
    }
    await fs.rename(tmp, file);
  }

  /**
   * A folder this store made is not made again (a recording's part is the busiest write there is: one
   * mkdir -p less each); if it has gone since (deletePrefix, or by hand), the temporary file cannot be opened,
   * and the folder is made and the file written again.
   */
  async put(key: string, data: Buffer, contentType: string, options: PutOptions = {}) {
    const file = this.file(key);
    const dir = path.dirname(file);
    const known = this.knownDirs.has(dir);
    let made = known ? undefined : await this.makeDir(dir);
    const tmp = this.tmpName(file);
    try {
      try {
        await writeSynced(tmp, data);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || !known) throw err;
        made = await this.makeDir(dir);
        await writeSynced(tmp, data);
      }
      if (options.ifAbsent) await this.commitOnce(key, tmp, file, contentType);
      else await this.commit(tmp, file, contentType);
      await syncDirs(dir, made);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      await fs.rm(`${tmp}.type`, { force: true });
      throw err;
    }
  }

  /**
   * Moves a finished temporary file into place only if nothing is there: link(2) fails with EEXIST
   * atomically, so of two writes of one key exactly one wins and the other changes nothing.
   */
  private async commitOnce(key: string, tmp: string, file: string, contentType: string) {
    try {
      await fs.link(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new BlobExistsError(key);
      throw err;
    }
    await removeFile(tmp);
    if (contentType === DEFAULT_TYPE) return;
    await writeSynced(`${tmp}.type`, Buffer.from(contentType));
    await fs.rename(`${tmp}.type`, `${file}.type`);
  }

  /** A stream is written from the main thread (it cannot be read twice: its folder is made first, always). */
  async putStream(key: string, source: Readable, contentType: string, options: PutStreamOptions = {}) {
    const file = this.file(key);
    const dir = path.dirname(file);
    const made = await this.makeDir(dir);
    const tmp = this.tmpName(file);
    try {
      const size = await writeLimited(source, tmp, options.maxBytes ?? Number.POSITIVE_INFINITY);
      if (options.ifAbsent) await this.commitOnce(key, tmp, file, contentType);
      else await this.commit(tmp, file, contentType);
      await syncDirs(dir, made);
      return { size, contentType };
    } catch (err) {
      await fs.rm(tmp, { force: true });
      await fs.rm(`${tmp}.type`, { force: true });
      throw err;
    }
  }

  /** mkdir -p, remembered; answers the first folder it made (for syncDirs). */
  private async makeDir(dir: string) {
    const made = await fs.mkdir(dir, { recursive: true });
    if (this.knownDirs.size >= MAX_KNOWN_DIRS) this.knownDirs.clear();
    this.knownDirs.add(dir);
    return made;
  }

  putFile(key: string, file: string, contentType: string) {
    return this.putStream(key, createReadStream(file), contentType);
  }

  async get(key: string) {
    const file = this.file(key);
    try {
      const [data, contentType] = await Promise.all([fs.readFile(file), this.typeOf(file)]);
      return { data, contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  private typeOf(file: string) {
    return fs.readFile(`${file}.type`, 'utf8').catch(() => DEFAULT_TYPE);
  }

  async stat(key: string) {
    const file = this.file(key);
    try {
      const st = await fs.stat(file);
      if (!st.isFile()) return null;
      return { size: st.size, contentType: await this.typeOf(file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
        return null;
      throw err;
    }
  }

  async getStream(key: string, range?: ByteRange) {
    const info = await this.stat(key);
    if (!info) return null;
    const file = this.file(key);
    const stream = range ? createReadStream(file, { start: range.start, end: range.end }) : createReadStream(file);
    return { ...info, stream };
  }

  async exists(key: string) {
    try {
      await fs.access(this.file(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string) {
    const file = this.file(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.type`, { force: true });
  }

  async deletePrefix(prefix: string) {
    const dir = this.file(prefix.replace(/\/+$/, ''));
    for (const known of this.knownDirs)
      if (known === dir || known.startsWith(`${dir}${path.sep}`)) this.knownDirs.delete(known);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** unlink(2), a file already gone taken as removed (fs.rm's checks, an lstat each, are not needed for one file). */
async function removeFile(file: string): Promise<void> {
  try {
    await fs.unlink(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Writes a new file and fsyncs it before closing it. */
async function writeSynced(file: string, data: Buffer): Promise<void> {
  const handle = await fs.open(file, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The file's folder, and each folder `mkdir` just made (from `made`, the first one) in its parent. */
function dirsToSync(dir: string, made: string | undefined): string[] {
  const dirs = [dir];
  if (made)
    for (let d = dir; d.startsWith(made) && d !== path.dirname(d); d = path.dirname(d)) dirs.push(path.dirname(d));
  return [...new Set(dirs)];
}

/**
 * Makes a stored file's name durable: fsyncs its folder, and each folder `mkdir` just made (from `made`, the
 * first one created, up to the file's folder) in its parent, so a crash after the answer loses no file.
 */
async function syncDirs(dir: string, made: string | undefined): Promise<void> {
  for (const d of dirsToSync(dir, made)) {
    const handle = await fs.open(d, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

/**
 * Writes a stream to a new file, counting bytes; past maxBytes it stops reading and fails (the file is left
 * for the caller to remove). Answers the bytes written. The S3 store spools an upload with it.
 */
export function writeLimited(source: Readable, file: string, maxBytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    // a stream that failed before it reached here will send neither 'error' nor 'end' again
    if (source.destroyed && !source.readableEnded) {
      reject(source.errored ?? new Error('the upload ended early'));
      return;
    }
    // flush: the bytes reach the disk (fsync) before the file is closed, moved into place and acknowledged
    const out = createWriteStream(file, { flags: 'wx', flush: true });
    let size = 0;
    let ended = false;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      source.off('data', onData);
      // stop reading without destroying the source: an HTTP request can still get its answer
      source.unpipe?.();
      source.pause();
      // the file may still be opening: reject once it is closed, so the caller's cleanup finds it
      out.destroy();
      if (out.closed) reject(err);
      else out.once('close', () => reject(err));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return fail(new BlobTooLargeError(maxBytes));
      if (!out.write(chunk)) {
        source.pause();
        out.once('drain', () => {
          if (!settled) source.resume();
        });
      }
    };
    source.on('data', onData);
    source.once('end', () => {
      ended = true;
      if (!settled) out.end();
    });
    source.once('error', fail);
    source.once('close', () => {
      if (!ended) fail(new Error('the upload ended early'));
    });
    out.once('error', fail);
    out.once('finish', () => {
      if (settled) return;
      settled = true;
      out.close((err) => (err ? reject(err) : resolve(size)));
    });
  });
}
