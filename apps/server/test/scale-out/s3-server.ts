import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { BlobStoreConfig } from '../../src/config';

/**
 * A local S3-compatible server (s3rver) for the tests, on a free port of 3600-3699 with a temporary folder and
 * one bucket; `close()` stops it and removes the folder.
 */
export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** the environment of an app using it (BLOB_STORE=s3 ...) */
  env: Record<string, string>;
  config: Extract<BlobStoreConfig, { kind: 's3' }>;
  close(): Promise<void>;
}

/** A port of [from, to] nobody listens on now. */
export async function freePort(from = 3600, to = 3699): Promise<number> {
  const start = from + Math.floor(Math.random() * (to - from + 1));
  for (let i = 0; i <= to - from; i++) {
    const port = from + ((start - from + i) % (to - from + 1));
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

export async function startLocalS3(bucket = 'sim-test'): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-s3rver-'));
  for (let tries = 0; ; tries++) {
    const port = await freePort();
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    try {
      await server.run();
    } catch (err) {
      if (tries < 5 && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') continue;
      await fs.rm(directory, { recursive: true, force: true });
      throw err;
    }
    const endpoint = `http://127.0.0.1:${port}`;
    return {
      endpoint,
      bucket,
      env: {
        BLOB_STORE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
      config: {
        kind: 's3',
        bucket,
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
      async close() {
        await server.close();
        await fs.rm(directory, { recursive: true, force: true });
      },
    };
  }
}
