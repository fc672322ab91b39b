import {
  MESSAGES,
  USER_FORM_TEXTS,
  ZCreateUserRequest,
  ZCreateUserResponse,
  ZDuplicateEmailQuery,
  ZDuplicateEmailResponse,
  ZUserInfoQuery,
  ZUserInfoResponse,
  ZUsersListQuery,
  ZUsersListResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { isDuplicateEmail, saveUser, userInfo, usersList } from './service';

/** The user form of /admin/createuser and the user look-ups of the administration screens. */
export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/api/v1/users/list',
    {
      schema: {
        tags: ['users'],
        summary: "The company's users by name (optional search and paging)",
        querystring: ZUsersListQuery,
        response: { 200: ZUsersListResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await usersList(deps, actorOf(request), request.query)) }),
  );

  app.get(
    '/api/v1/users/info',
    {
      schema: {
        tags: ['users'],
        summary: "A user's whole record: yourself without user_id, or an employee (employee_list permission)",
        querystring: ZUserInfoQuery,
        response: { 200: ZUserInfoResponse },
      },
    },
    async (request) => ({
      success: true as const,
      user: await userInfo(deps, actorOf(request), request.query.user_id),
    }),
  );

  app.get(
    '/api/v1/users/duplicate-email',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether another user has this email: success true means duplicate',
        querystring: ZDuplicateEmailQuery,
        response: { 200: ZDuplicateEmailResponse },
      },
    },
    async (request) => ({
      success: await isDuplicateEmail(deps, actorOf(request), request.query.emailId, request.query.id),
    }),
  );

  app.post(
    '/api/v1/users/create',
    {
      schema: {
        tags: ['users'],
        summary: 'Create a user (employee_list create), or update one when _id is given (employee_list update)',
        body: ZCreateUserRequest,
        response: { 200: ZCreateUserResponse },
      },
    },
    async (request) => {
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
    },
  );
};
