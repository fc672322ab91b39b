import { profileApi as api, MESSAGES, SETTINGS_TEXTS } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { NotFound } from '../../lib/errors';
import { readMultipart } from '../../lib/multipart';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import { PHOTO_FILE_PATTERN, PHOTO_FORM, PHOTO_KEY_PREFIX, photoOf } from './photo';
import { updateOwnPassword, updateProfile, updateProfilePhoto } from './service';

/** My settings: the signed-in user's own record, password and photo. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.update, async (request) => ({
    success: true as const,
    message: SETTINGS_TEXTS.settingsSaved,
    user: await updateProfile(deps, actorOf(request), request.body, request.ip),
  }));

  route(
    app,
    api.updatePassword,
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
    },
  );

  route(app, api.updatePhoto, async (request) => {
    const actor = actorOf(request);
    const form = await readMultipart(request, PHOTO_FORM);
    return { success: true as const, url: await updateProfilePhoto(deps, actor, photoOf(form.file)) };
  });

  route(app, api.photo, async (request, reply) => {
    if (!PHOTO_FILE_PATTERN.test(request.query.file)) throw NotFound();
    const blob = await deps.blobs.get(`${PHOTO_KEY_PREFIX}${request.query.file}`).catch(() => null);
    if (!blob) throw NotFound();
    return reply
      .type(blob.contentType)
      .header('cache-control', 'private, max-age=86400')
      .header('content-disposition', 'inline')
      .send(blob.data);
  });
};
