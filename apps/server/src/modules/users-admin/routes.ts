import { employeesApi as api, MESSAGES, USER_FORM_TEXTS } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import { isDuplicateEmail, saveUser, userInfo, usersList } from './service';

/** The user form of /admin/createuser and the user look-ups of the administration screens. */
export const usersAdminRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.users, async (request) => ({
    success: true as const,
    ...(await usersList(deps, actorOf(request), request.query)),
  }));

  route(app, api.userInfo, async (request) => ({
    success: true as const,
    user: await userInfo(deps, actorOf(request), request.query.user_id),
  }));

  route(app, api.duplicateEmail, async (request) => ({
    success: await isDuplicateEmail(deps, actorOf(request), request.query.emailId, request.query.id),
  }));

  route(app, api.saveUser, async (request) => {
    const result = await saveUser(deps, actorOf(request), request.body, request.ip);
    if (!result.emailSent) request.log.warn({ userId: result.id }, 'user saved; the email could not be sent');
    return {
      success: true as const,
      _id: result.id,
      email_sent: result.emailSent,
      message: result.emailSent
        ? result.created
          ? USER_FORM_TEXTS.userCreated
          : USER_FORM_TEXTS.userUpdated
        : MESSAGES.registrationNoEmail,
    };
  });
};
