import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Files (audio, video, attachments...) live in a blob store; the database keeps only keys. Local disk
 * under DATA_DIR/blobs by default; an S3-compatible store can implement the same interface.
 */
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.length > 300) throw new Error(`invalid blob key: ${key}`);
}

export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(key: string) {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer, contentType: string) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.writeFile(`${tmp}.type`, contentType);
    await fs.rename(`${tmp}.type`, `${file}.type`);
    await fs.rename(tmp, file); // atomic: a reader never sees half a file
  }

  async get(key: string) {
    const file = this.file(key);
    try {
      const [data, contentType] = await Promise.all([
        fs.readFile(file),
        fs.readFile(`${file}.type`, 'utf8').catch(() => 'application/octet-stream'),
      ]);
      return { data, contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
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
}
