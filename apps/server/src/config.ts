import net from 'node:net';
import path from 'node:path';
import { SPEECH_LIMITS } from '@sim/shared';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** proxy-addr's names, an address, or an address/prefix (CIDR). */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A list of proxy addresses/CIDRs separated by commas or spaces; empty = trust no proxy. */
const ZProxyList = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(/[\s,]+/).filter(Boolean))
  .refine((list) => list.every(isProxyEntry), {
    message: 'TRUST_PROXY must list addresses or CIDRs (e.g. 10.0.0.1,10.1.0.0/16), or loopback/linklocal/uniquelocal',
  });

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(8 * 3600),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('SimCentre <no-reply@simcentre.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  SPEECH_STREAM_IDLE_SECONDS: z.coerce.number().min(0.1).max(600).default(SPEECH_LIMITS.streamIdleSeconds),
  LOGIN_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  TRUST_PROXY: ZProxyList,
  AUTH_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(10),
  AUTH_ACCOUNT_FAILURES_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_ADDRESS_FAILURES_MAX: z.coerce.number().int().min(1).default(100),
  SEED_DEMO: bool,
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  WEB_DIST: z.string().optional(),
  VOICE_SERVICE_URL: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || isHttpUrl(v), { message: 'VOICE_SERVICE_URL must be an http(s) URL' }),
  VOICE_SERVICE_TOKEN: z.string().optional(),
  VOICE_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  VOICE_SERVICE_RETRY_DELAYS_MS: z
    .string()
    .default('30000,120000')
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine((list) => list.every((d) => /^\d{1,9}$/.test(d)), {
      message: 'VOICE_SERVICE_RETRY_DELAYS_MS must list delays in milliseconds (e.g. 30000,120000)',
    })
    .transform((list) => list.map(Number)),
  BLOB_STORE: z
    .string()
    .optional()
    .transform((v) => v?.trim().toLowerCase() || 'local')
    .refine((v) => v === 'local' || v === 's3', { message: 'BLOB_STORE must be local or s3' }),
  S3_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || isHttpUrl(v), {
      message: 'S3_ENDPOINT must be an http(s) URL (e.g. http://minio:9000); leave it unset for AWS S3',
    }),
  S3_BUCKET: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
      message: 'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
    }),
  S3_REGION: z
    .string()
    .optional()
    .transform((v) => v?.trim() || 'us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
});

/** What BLOB_STORE=s3 needs besides; the messages name the variable. */
function s3Problems(e: z.infer<typeof ZEnv>): { path: string; message: string }[] {
  if (e.BLOB_STORE !== 's3') return [];
  const problems: { path: string; message: string }[] = [];
  if (!e.S3_BUCKET) problems.push({ path: 'S3_BUCKET', message: 'S3_BUCKET is required when BLOB_STORE=s3' });
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    problems.push({
      path: e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      message:
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the default credentials)',
    });
  return problems;
}

/**
 * Where files are kept: the local disk (DATA_DIR/blobs, one instance) or an S3-compatible bucket shared
 * by every instance (BLOB_STORE=s3).
 */
export type BlobStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      endpoint?: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  dbPoolSize: number;
  jwtSecret?: string;
  jwtTtlSeconds: number;
  publicUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  /** registration and change of password: requests per window (per address and email, or per user) */
  loginRateLimit: { max: number; windowMs: number };
  /** proxies whose X-Forwarded-For is believed (addresses, CIDRs); empty: the peer address is the client */
  trustProxy: string[];
  /**
   * Failed sign-in / forgot-password / reset attempts within `windowMs`: past `perAccount` for one email
   * (from any address) each next attempt waits longer; past `perAddress` from one address (any emails), 429.
   */
  authFailures: { windowMs: number; perAccount: number; perAddress: number };
  seedDemo: boolean;
  /** Port of the embedded PostgreSQL server on 127.0.0.1; a free port when unset. */
  embeddedPgPort?: number;
  webDist?: string;
  /**
   * The external voice-recording service ("Snowfly") the merged audio of a level is posted to; off when
   * VOICE_SERVICE_URL is unset. `token` is sent as a bearer when set; `timeoutMs` bounds each post;
   * `retryDelaysMs`: the waits before the 2nd, 3rd… try of a failed hand-off (then it is failed).
   */
  voiceService?: { url: string; token?: string; timeoutMs: number; retryDelaysMs: number[] };
  blobStore: BlobStoreConfig;
  /** a live speech stream without audio for this long is closed (issue 32; SPEECH_LIMITS.streamIdleSeconds) */
  speechStreamIdleSeconds: number;
}

/** Reads and validates the environment; a bad value stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  const problems = parsed.success
    ? s3Problems(parsed.data)
    : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  if (!parsed.success || problems.length > 0) {
    const lines = problems.map((p) => `  ${p.path}: ${p.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: { max: e.LOGIN_RATE_LIMIT_MAX, windowMs: e.LOGIN_RATE_LIMIT_WINDOW_MS },
    speechStreamIdleSeconds: e.SPEECH_STREAM_IDLE_SECONDS,
    trustProxy: e.TRUST_PROXY,
    authFailures: {
      windowMs: e.AUTH_FAILURE_WINDOW_MINUTES * 60_000,
      perAccount: e.AUTH_ACCOUNT_FAILURES_MAX,
      perAddress: e.AUTH_ADDRESS_FAILURES_MAX,
    },
    seedDemo: e.SEED_DEMO,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    webDist: e.WEB_DIST,
    voiceService: e.VOICE_SERVICE_URL
      ? {
          url: e.VOICE_SERVICE_URL,
          token: e.VOICE_SERVICE_TOKEN || undefined,
          timeoutMs: e.VOICE_SERVICE_TIMEOUT_MS,
          retryDelaysMs: e.VOICE_SERVICE_RETRY_DELAYS_MS,
        }
      : undefined,
    blobStore:
      e.BLOB_STORE === 's3' && e.S3_BUCKET
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
  };
}
