import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { AppDeps } from './deps';
import { type BlobStore, LocalBlobStore } from './lib/blob-store';
import { ExportGate } from './lib/export-gate';
import { TokenService } from './lib/jwt';
import { advisoryKeyLock, S3BlobStore, s3ClientOf } from './lib/s3-blob-store';
import { deriveKey, resolveSecret } from './lib/secrets';
import { type Mailer, OutboxMailer, SmtpMailer } from './modules/mail/mailer';
import { SpeechRecognizer } from './modules/speech/engines/recognizer';
import { LocalTtsProvider } from './modules/speech/engines/tts/tts-local';

/** The dependencies of a running server, from its configuration and database. */
export function createDeps(config: AppConfig, db: Db, overrides: Partial<AppDeps> = {}): AppDeps {
  const secret = resolveSecret(config.jwtSecret, config.dataDir);
  const mailer: Mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(db);
  return {
    config,
    db,
    tokens: new TokenService(deriveKey(secret, 'jwt'), config.jwtTtlSeconds),
    inviteKey: deriveKey(secret, 'invite'),
    urlKey: deriveKey(secret, 'url'),
    mailer,
    blobs: createBlobStore(config, db),
    speech: { tts: new LocalTtsProvider(), stt: new SpeechRecognizer() },
    now: () => new Date(),
    exportGate: new ExportGate(),
    ...overrides,
  };
}

/**
 * The blob store the configuration names: DATA_DIR/blobs, or the S3 bucket shared by every instance (its
 * write-once keys locked in the shared database, see s3-blob-store.ts). Uploads being received are spooled
 * under DATA_DIR/tmp.
 */
export function createBlobStore(config: AppConfig, db: Db): BlobStore {
  const store = config.blobStore;
  if (store.kind === 'local') return new LocalBlobStore(path.join(config.dataDir, 'blobs'));
  return new S3BlobStore(s3ClientOf(store), store.bucket, {
    keyLock: advisoryKeyLock(db),
    tmpDir: path.join(config.dataDir, 'tmp'),
  });
}

/** apps/web/dist, seen from src/ (tsx) or dist/ (built). */
export function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}
