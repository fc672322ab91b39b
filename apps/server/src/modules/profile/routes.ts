import {
  MESSAGES,
  SETTINGS_TEXTS,
  ZUpdatePasswordRequest,
  ZUpdatePasswordResponse,
  ZUpdateProfilePhotoResponse,
  ZUpdateProfileRequest,
  ZUpdateProfileResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../lib/errors';
import { actorOf } from '../../plugins/access';
import { PHOTO_FILE_PATTERN, PHOTO_KEY_PREFIX, PHOTO_ROUTE, readPhotoUpload } from './photo';
import { updateOwnPassword, updateProfile, updateProfilePhoto } from './service';

/** My settings: the signed-in user's own record, password and photo. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/api/v1/users/update-profile',
    {
      schema: {
        tags: ['settings'],
        summary: 'Save your own record (agents: nick name only; email, status, role, groups: employee_list update)',
        body: ZUpdateProfileRequest,
        response: { 200: ZUpdateProfileResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: SETTINGS_TEXTS.settingsSaved,
      user: await updateProfile(deps, actorOf(request), request.body, request.ip),
    }),
  );

  app.post(
    '/api/v1/users/update-password',
    {
      config: {
        // guessing the current password: a few tries per minute per user
        rateLimit: {
          max: deps.config.loginRateLimit.max,
          timeWindow: deps.config.loginRateLimit.windowMs,
          hook: 'preHandler' as const,
          keyGenerator: (request) => `update-password|${request.actor?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ['settings'],
        summary: 'Change your own password; the current one must be right',
        body: ZUpdatePasswordRequest,
        response: { 200: ZUpdatePasswordResponse },
      },
    },
    async (request) => {
      const { emailSent, token, expiresAt } = await updateOwnPassword(deps, actorOf(request), request.body, request.ip);
      return {
        success: true as const,
        email_sent: emailSent,
        message: emailSent ? SETTINGS_TEXTS.passwordUpdated : MESSAGES.registrationNoEmail,
        token,
        expires_at: expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/api/v1/users/update-profile-photo',
    {
      schema: {
        tags: ['settings'],
        summary: 'Upload your profile photo: multipart field photo, PNG/JPEG/GIF/WebP, at most 2 MB',
        consumes: ['multipart/form-data'],
        response: { 200: ZUpdateProfilePhotoResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const photo = await readPhotoUpload(request);
      return { success: true as const, url: await updateProfilePhoto(deps, actor, photo) };
    },
  );

  app.get(
    PHOTO_ROUTE,
    {
      schema: {
        tags: ['settings'],
        summary: 'A profile photo (public: the random file name is the key)',
        querystring: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      if (!PHOTO_FILE_PATTERN.test(request.query.file)) throw NotFound();
      const blob = await deps.blobs.get(`${PHOTO_KEY_PREFIX}${request.query.file}`).catch(() => null);
      if (!blob) throw NotFound();
      return reply
        .type(blob.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(blob.data);
    },
  );
};
