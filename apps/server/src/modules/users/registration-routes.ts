import { MESSAGES, ZCheckInvitationQuery, ZCheckInvitationResponse, ZOk, ZRegisterRequest } from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRateLimit } from '../../plugins/rate-limit';
import { checkInvitation, registerCompany } from './registration-service';

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/api/v1/users/check-invitation',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether an allowNewCompany invitation is valid (signed, not expired, not used)',
        querystring: ZCheckInvitationQuery,
        response: { 200: ZCheckInvitationResponse },
      },
    },
    async (request) => {
      const invitation = await checkInvitation(deps, request.query.allowNewCompany);
      return {
        success: true as const,
        valid: Boolean(invitation),
        expires_at: invitation ? invitation.expiresAt.toISOString() : null,
      };
    },
  );

  app.post(
    '/api/v1/users/register',
    {
      config: { rateLimit: loginRateLimit(deps.config) },
      schema: {
        tags: ['auth'],
        summary: 'Register a new company with an invitation; the registrant becomes its account owner',
        body: ZRegisterRequest,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await registerCompany(deps, request.body);
      return { success: true as const, message: MESSAGES.registrationSuccess };
    },
  );
};
