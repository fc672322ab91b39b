import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Actor } from './lib/actor';
import type { BlobStore } from './lib/blob-store';
import type { ExportGate } from './lib/export-gate';
import type { TokenService } from './lib/jwt';
import type { Mailer } from './modules/mail/mailer';
import type { UserAccess } from './modules/permissions/access-repository';
import type { SttProvider, TtsProvider } from './modules/speech/engines/types';

/** Everything the routes and services need from outside, handed in by main.ts or a test. */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  tokens: TokenService;
  inviteKey: Buffer;
  /** signs expiring URLs (speech websocket, stored files) */
  urlKey: Buffer;
  mailer: Mailer;
  blobs: BlobStore;
  speech: { tts: TtsProvider; stt: SttProvider };
  now: () => Date;
  /** the turn of large exports on this instance (issue 32) */
  exportGate: ExportGate;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** every registered /api route, for the route-table test */
    apiRoutes: { method: string; url: string }[];
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** the signed-in caller's access as the access hook loaded it (with the role and temporary roles shown) */
    userAccess: UserAccess | null;
  }
}
