import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export function hashOf(...parts: readonly (string | number | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(typeof part === 'string' || Buffer.isBuffer(part) ? part : String(part));
    hash.update('\u0000');
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * Files made once and kept under a folder, named by a hash of what they are made from, so that a rerun
 * of the bench skips synthesis and conditioning. `make` writes the file at the path it is given (a
 * temporary name, renamed when complete, so an interrupted run leaves no half file). Two asks for the same
 * key at once share one make.
 */
export class FileCache {
  private readonly inFlight = new Map<string, Promise<string>>();
  made = 0;
  reused = 0;

  constructor(readonly dir: string) {}

  file(key: string, ext: string, make: (file: string) => Promise<void>): Promise<string> {
    const target = path.join(this.dir, key.slice(0, 2), `${key}.${ext}`);
    let job = this.inFlight.get(target);
    if (!job) {
      job = this.ensure(target, make).finally(() => this.inFlight.delete(target));
      this.inFlight.set(target, job);
    }
    return job;
  }

  private async ensure(target: string, make: (file: string) => Promise<void>): Promise<string> {
    if ((await stat(target).catch(() => undefined))?.size) {
      this.reused++;
      return target;
    }
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(4).toString('hex')}.part${path.extname(target)}`;
    try {
      await make(partial);
      if (!(await stat(partial).catch(() => undefined))?.size) throw new Error(`Nothing was written for ${target}`);
      await rename(partial, target);
    } finally {
      await rm(partial, { force: true });
    }
    this.made++;
    return target;
  }
}
