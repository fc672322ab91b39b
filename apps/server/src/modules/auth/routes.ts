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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { found } from '../../lib/errors';
import { actorOf } from '../../plugins/access';
import { loginRateLimit } from '../../plugins/rate-limit';
import { loadUserAccess } from '../permissions/access-repository';
import { countNewNotifications } from '../permissions/notifications-count';
import { forgotPassword, login, loginToAgentAccount, resetPassword } from './service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const limited = loginRateLimit(deps.config);

  app.post(
    '/api/v1/login/',
    {
      config: { rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse },
      },
    },
    async (request) => login(deps, request.body.email, request.body.password),
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
      config: { rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use password reset link (same answer whether the email exists or not)',
        body: ZForgotPasswordRequest,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await forgotPassword(deps, request.body.email, deps.config.publicUrl ?? `http://localhost:${deps.config.port}`);
      return { success: true as const, message: MESSAGES.forgotSent };
    },
  );

  app.post(
    '/api/v1/login/reset-password',
    {
      config: { rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed token',
        body: ZResetPasswordRequest,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body.email, request.body.password, request.body.token);
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
      const access = found(await loadUserAccess(deps.db, actor.userId, deps.now(), actor.companyId));
      return {
        success: true as const,
        user: access.user,
        permissions: access.permissions,
        new_notifications: await countNewNotifications(deps.db, actor.userId),
      };
    },
  );
};
