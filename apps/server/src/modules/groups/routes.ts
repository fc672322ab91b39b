import {
  ADMIN_TEXTS,
  ZDeleteByIdRequest,
  ZEditGroupMemberRequest,
  ZGroupListQuery,
  ZGroupListResponse,
  ZGroupOptionsResponse,
  ZMessageResponse,
  ZSaveGroupRequest,
  ZSaveGroupResponse,
  ZUserByGroupQuery,
  ZUsersResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/** Groups and their members (administration-and-support.md sections 2 and 7). */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['groups'];

  app.get(
    '/api/v1/groups/listing',
    {
      schema: {
        tags,
        summary: "A page of the company's groups (search in name, description and owner; sortable)",
        querystring: ZGroupListQuery,
        response: { 200: ZGroupListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.listGroups(deps, actorOf(request), request.query)),
    }),
  );

  app.post(
    '/api/v1/groups/save-edit',
    {
      schema: {
        tags,
        summary: 'Create a group (groups create) or, with _id, update it (groups update); `users` sets the members',
        body: ZSaveGroupRequest,
        response: { 200: ZSaveGroupResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: ADMIN_TEXTS.groupSaved,
      group: await service.saveGroup(deps, actorOf(request), request.body),
    }),
  );

  app.post(
    '/api/v1/groups/delete',
    {
      schema: { tags, summary: 'Delete a group', body: ZDeleteByIdRequest, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await service.deleteGroup(deps, actorOf(request), request.body.id);
      return { success: true as const, message: ADMIN_TEXTS.groupDeleted };
    },
  );

  app.post(
    '/api/v1/users/edit-group',
    {
      schema: {
        tags,
        summary: 'Add the user _id to the group, or remove them with delete: true',
        body: ZEditGroupMemberRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: await service.editGroupMember(deps, actorOf(request), request.body),
    }),
  );

  app.get(
    '/api/v1/users/user-by-group',
    {
      schema: {
        tags,
        summary: 'The members of a group',
        querystring: ZUserByGroupQuery,
        response: { 200: ZUsersResponse },
      },
    },
    async (request) => ({
      success: true as const,
      users: await service.usersOfGroup(deps, actorOf(request), request.query.group_id),
    }),
  );

  app.get(
    '/api/v1/sims/group/listing',
    {
      schema: {
        tags,
        summary: "The company's groups (id, name, member count) for the group selects",
        response: { 200: ZGroupOptionsResponse },
      },
    },
    async (request) => ({ success: true as const, groups: await service.groupOptions(deps, actorOf(request)) }),
  );
};
