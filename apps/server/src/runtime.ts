import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { AppDeps } from './deps';
import { TokenService } from './lib/jwt';
import { deriveKey, resolveSecret } from './lib/secrets';
import { type Mailer, OutboxMailer, SmtpMailer } from './modules/mail/mailer';

/** The dependencies of a running server, from its configuration and database. */
export function createDeps(config: AppConfig, db: Db, overrides: Partial<AppDeps> = {}): AppDeps {
  const secret = resolveSecret(config.jwtSecret, config.dataDir);
  const mailer: Mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(db);
  return {
    config,
    db,
    tokens: new TokenService(deriveKey(secret, 'jwt'), config.jwtTtlSeconds),
    inviteKey: deriveKey(secret, 'invite'),
    mailer,
    now: () => new Date(),
    ...overrides,
  };
}

/** apps/web/dist, seen from src/ (tsx) or dist/ (built). */
export function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}
