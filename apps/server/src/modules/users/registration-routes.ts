import { authApi as api, MESSAGES } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { loginRateLimit } from '../../plugins/rate-limit';
import { checkInvitation, registerCompany } from './registration-service';

export const registrationRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.checkInvitation, async (request) => {
    const invitation = await checkInvitation(deps, request.query.allowNewCompany);
    return {
      success: true as const,
      valid: Boolean(invitation),
      expires_at: invitation ? invitation.expiresAt.toISOString() : null,
    };
  });

  route(
    app,
    api.register,
    async (request) => {
      await registerCompany(deps, request.body);
      return { success: true as const, message: MESSAGES.registrationSuccess };
    },
    { config: { rateLimit: loginRateLimit(deps.config) } },
  );
};
