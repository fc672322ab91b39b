import rateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@sim/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { postgresRateLimitStore } from './rate-limit-store';

/** The routes' rate limits (`config.rateLimit` on a route), counted in PostgreSQL for every instance. */
export async function registerRateLimit(app: FastifyInstance, db: Db) {
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', MESSAGES.loginRateLimited),
  });
}

/**
 * Registration: a few tries per minute per address and email (LOGIN_RATE_LIMIT_*). Sign-in, forgot and
 * reset password count failures instead, per account and per address (modules/auth/attempt-limits.ts).
 * `request.ip` is the client's address only behind a proxy listed in TRUST_PROXY.
 */
export function loginRateLimit(config: AppConfig) {
  return {
    max: config.loginRateLimit.max,
    timeWindow: config.loginRateLimit.windowMs,
    hook: 'preHandler' as const, // after the body is parsed, so the email is part of the key
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { email?: unknown } | undefined;
      const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
      return `${request.ip}|${email}`;
    },
  };
}
