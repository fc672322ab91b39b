import { authApi as api, loginAsApi, MESSAGES } from '@sim/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { found, Unauthorized } from '../../lib/errors';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import { newNotificationsCount } from '../notifications/service';
import { loadUserAccess } from '../permissions/service';
import { AttemptsLimited } from './attempt-limits';
import { backToOwnAccount, forgotPassword, login, loginToAgentAccount, resetPassword } from './service';

/** Runs a limited auth action; a 429 carries Retry-After. */
async function limited<T>(reply: FastifyReply, action: Promise<T>): Promise<T> {
  try {
    return await action;
  } catch (err) {
    if (err instanceof AttemptsLimited) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

/** When the caller's token was issued (the access hook has verified it; the verification is cached). */
async function tokenIssuedAt(deps: AppDeps, request: FastifyRequest): Promise<Date> {
  const bearer = request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const claims = bearer ? await deps.tokens.verify(bearer.trim()) : null;
  if (!claims) throw Unauthorized();
  return new Date(claims.issuedAtMs);
}

export const authRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  // reset links being sent after the answer; waited for when the app closes
  const deliveries = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...deliveries]);
  });

  route(app, api.login, async (request, reply) =>
    limited(reply, login(deps, request.body.email, request.body.password, request.ip)),
  );

  route(app, api.loginToAgent, async (request) =>
    loginToAgentAccount(deps, actorOf(request), request.body, request.ip),
  );

  route(app, loginAsApi.backToOwnAccount, async (request) =>
    backToOwnAccount(deps, actorOf(request), await tokenIssuedAt(deps, request)),
  );

  route(app, api.forgotPassword, async (request, reply) => {
    const base = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
    const { delivery } = await limited(reply, forgotPassword(deps, request.body.email, request.ip, base));
    const tracked = delivery
      .catch((err) => request.log.error({ err }, 'the password reset link could not be sent'))
      .finally(() => deliveries.delete(tracked));
    deliveries.add(tracked);
    return { success: true as const, message: MESSAGES.forgotSent };
  });

  route(app, api.resetPassword, async (request, reply) => {
    const { email, password, token } = request.body;
    await limited(reply, resetPassword(deps, email, password, token, request.ip));
    return { success: true as const, message: MESSAGES.resetSuccess };
  });

  route(app, api.userDetails, async (request) => {
    const actor = actorOf(request);
    // the access hook just loaded it (checked against the company's access version)
    const access =
      request.userAccess ?? found(await loadUserAccess(deps.db, actor.userId, deps.now(), actor.companyId));
    return {
      success: true as const,
      user: access.user,
      permissions: access.permissions,
      new_notifications: await newNotificationsCount(deps, actor.userId),
    };
  });
};
