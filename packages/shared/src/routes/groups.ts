import { defineRoute } from '../contract/define';
import { ZMessageResponse } from '../schemas/common';
import {
  ZDeleteByIdRequest,
  ZEditGroupMemberRequest,
  ZGroupListQuery,
  ZGroupListResponse,
  ZGroupOptionsResponse,
  ZSaveGroupRequest,
  ZSaveGroupResponse,
  ZUserByGroupQuery,
  ZUsersResponse,
} from '../schemas/groups';
import { requires } from './access';

const tags = ['groups'];

/**
 * Groups and their members (administration-and-support.md sections 2 and 7). The service checks the
 * group on top: it must be of the caller's company (404 otherwise); create vs update on save-edit.
 */
export const groupsApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/v1/groups/listing',
    access: requires('groups', 'view'),
    tags,
    summary: "A page of the company's groups (search in name, description and owner; sortable)",
    query: ZGroupListQuery,
    response: ZGroupListResponse,
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/v1/groups/save-edit',
    access: {
      anyOf: [
        { task: 'groups', type: 'create' },
        { task: 'groups', type: 'update' },
      ],
    },
    tags,
    summary: 'Create a group (groups create) or, with _id, update it (groups update); `users` sets the members',
    body: ZSaveGroupRequest,
    response: ZSaveGroupResponse,
  }),
  delete: defineRoute({
    method: 'POST',
    url: '/api/v1/groups/delete',
    access: requires('groups', 'delete'),
    tags,
    summary: 'Delete a group',
    body: ZDeleteByIdRequest,
    response: ZMessageResponse,
  }),
  editMember: defineRoute({
    method: 'POST',
    url: '/api/v1/users/edit-group',
    access: requires('groups', 'update'),
    tags,
    summary: 'Add the user _id to the group, or remove them with delete: true',
    body: ZEditGroupMemberRequest,
    response: ZMessageResponse,
  }),
  members: defineRoute({
    method: 'GET',
    url: '/api/v1/users/user-by-group',
    access: requires('groups', 'view'),
    tags,
    summary: 'The members of a group',
    query: ZUserByGroupQuery,
    response: ZUsersResponse,
  }),
  options: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/group/listing',
    access: 'signedIn',
    tags,
    summary: "The company's groups (id, name, member count) for the group selects",
    response: ZGroupOptionsResponse,
  }),
};
