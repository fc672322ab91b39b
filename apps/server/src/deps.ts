import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Actor } from './lib/actor';
import type { TokenService } from './lib/jwt';
import type { Mailer } from './modules/mail/mailer';

/** Everything the routes and services need from outside, handed in by main.ts or a test. */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  tokens: TokenService;
  inviteKey: Buffer;
  mailer: Mailer;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
