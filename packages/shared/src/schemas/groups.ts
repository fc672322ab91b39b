import { z } from 'zod';
import { ADMIN_LIMITS, ADMIN_TEXTS, PAGE_SIZE, TEXT_MAX } from '../constants';
import { ZMinimalEmployee } from './employees';
import { ZRowId } from './users';

/** A record id (uuid); anything else answers 400 before it reaches the database. */
export const ZRecordId = ZRowId;
export const ZRecordIds = z.array(ZRecordId).max(ADMIN_LIMITS.maxIdsPerRequest);
export const ZSortOrder = z.enum(['asc', 'desc']);

/** skip/limit paging of the admin lists (DECISIONS.md section 1: page size 10, skip = limit × page). */
export const ZPaging = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
  textSearch: z.string().trim().max(TEXT_MAX).default(''),
});

export const ZPersonRef = z.object({ _id: z.string(), name: z.string(), profile_pic: z.string().nullable() });
export type TPersonRef = z.infer<typeof ZPersonRef>;

// GET /api/v1/groups/listing?skip&limit=10&textSearch (&sortBy&order)
export const GROUP_SORT_KEYS = [
  'name',
  'description',
  'created_at',
  'updated_at',
  'owner',
  'member_count',
  'created_by',
] as const;
export type TGroupSortKey = (typeof GROUP_SORT_KEYS)[number];
export const ZGroupListQuery = ZPaging.extend({
  sortBy: z.enum(GROUP_SORT_KEYS).default('created_at'),
  order: ZSortOrder.default('desc'),
});
export type TGroupListQuery = z.infer<typeof ZGroupListQuery>;

export const ZGroup = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  owner_id: z.string().nullable(),
  owner: ZPersonRef.nullable(),
  member_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: ZPersonRef.nullable(),
});
export type TGroup = z.infer<typeof ZGroup>;

export const ZGroupListResponse = z.object({ success: z.literal(true), groups: z.array(ZGroup), total: z.number() });
export type TGroupListResponse = z.infer<typeof ZGroupListResponse>;

// POST /api/v1/groups/save-edit: with _id an update; `users` (member ids) replaces the members when given
export const ZSaveGroupRequest = z.object({
  _id: ZRecordId.optional(),
  name: z.string().trim().min(1, ADMIN_TEXTS.groupNameRequired).max(TEXT_MAX),
  description: z.string().trim().max(ADMIN_LIMITS.groupDescriptionMax).default(''),
  owner_id: z
    .string({ message: ADMIN_TEXTS.groupOwnerRequired })
    .min(1, ADMIN_TEXTS.groupOwnerRequired)
    .pipe(ZRecordId),
  users: ZRecordIds.optional(),
});
export type TSaveGroupRequest = z.input<typeof ZSaveGroupRequest>;
export const ZSaveGroupResponse = z.object({ success: z.literal(true), message: z.string(), group: ZGroup });
export type TSaveGroupResponse = z.infer<typeof ZSaveGroupResponse>;

// POST /api/v1/groups/delete {id}, POST /api/v1/company/delete-role {id}
export const ZDeleteByIdRequest = z.object({ id: ZRecordId });

// POST /api/v1/users/edit-group {_id (the user), group_id, delete?}
export const ZEditGroupMemberRequest = z.object({
  _id: ZRecordId,
  group_id: ZRecordId,
  delete: z.boolean().optional(),
});
export type TEditGroupMemberRequest = z.infer<typeof ZEditGroupMemberRequest>;

/** A member of a group: the same fields as the employee pickers. */
export const ZMemberOption = ZMinimalEmployee;
export type TMemberOption = z.infer<typeof ZMemberOption>;

// GET /api/v1/users/user-by-group?group_id
export const ZUserByGroupQuery = z.object({ group_id: ZRecordId });
export const ZUsersResponse = z.object({ success: z.literal(true), users: z.array(ZMemberOption) });
export type TUsersResponse = z.infer<typeof ZUsersResponse>;

// GET /api/v1/sims/group/listing: fills the group selects
export const ZGroupOption = z.object({ _id: z.string(), name: z.string(), member_count: z.number().int() });
export type TGroupOption = z.infer<typeof ZGroupOption>;
export const ZGroupOptionsResponse = z.object({ success: z.literal(true), groups: z.array(ZGroupOption) });
export type TGroupOptionsResponse = z.infer<typeof ZGroupOptionsResponse>;
