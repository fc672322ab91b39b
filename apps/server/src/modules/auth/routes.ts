import {
  MESSAGES,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZLoginToAgentRequest,
  ZOk,
  ZResetPasswordRequest,
  ZUserDetailsResponse,
} from '@sim/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { found } from '../../lib/errors';
import { actorOf } from '../../plugins/access';
import { loadUserAccess } from '../permissions/access-repository';
import { countNewNotifications } from '../permissions/notifications-count';
import { AttemptsLimited } from './attempt-limits';
import { forgotPassword, login, loginToAgentAccount, resetPassword } from './service';

/** Runs a limited auth action; a 429 carries Retry-After. */
async function limited<T>(reply: FastifyReply, action: Promise<T>): Promise<T> {
  try {
    return await action;
  } catch (err) {
    if (err instanceof AttemptsLimited) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // reset links being sent after the answer; waited for when the app closes
  const deliveries = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...deliveries]);
  });

  app.post(
    '/api/v1/login/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse },
      },
    },
    async (request, reply) => limited(reply, login(deps, request.body.email, request.body.password, request.ip)),
  );

  app.post(
    '/api/v1/login/login-to-agent-account',
    {
      schema: {
        tags: ['auth'],
        summary: "Log in to an agent's account of your company (audited)",
        body: ZLoginToAgentRequest,
        response: { 200: ZLoginResponse },
      },
    },
    async (request) => loginToAgentAccount(deps, actorOf(request), request.body, request.ip),
  );

  app.post(
    '/api/v1/login/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use password reset link (same answer whether the email exists or not)',
        body: ZForgotPasswordRequest,
        response: { 200: ZOk },
      },
    },
    async (request, reply) => {
      const base = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
      const { delivery } = await limited(reply, forgotPassword(deps, request.body.email, request.ip, base));
      const tracked = delivery
        .catch((err) => request.log.error({ err }, 'the password reset link could not be sent'))
        .finally(() => deliveries.delete(tracked));
      deliveries.add(tracked);
      return { success: true as const, message: MESSAGES.forgotSent };
    },
  );

  app.post(
    '/api/v1/login/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed token',
        body: ZResetPasswordRequest,
        response: { 200: ZOk },
      },
    },
    async (request, reply) => {
      const { email, password, token } = request.body;
      await limited(reply, resetPassword(deps, email, password, token, request.ip));
      return { success: true as const, message: MESSAGES.resetSuccess };
    },
  );

  app.get(
    '/api/v1/permissions/user-details',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, their effective permissions and their count of new notifications',
        response: { 200: ZUserDetailsResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // the access hook just loaded it (checked against the company's access version)
      const access =
        request.userAccess ?? found(await loadUserAccess(deps.db, actor.userId, deps.now(), actor.companyId));
      return {
        success: true as const,
        user: access.user,
        permissions: access.permissions,
        new_notifications: await countNewNotifications(deps.db, actor.userId),
      };
    },
  );
};
