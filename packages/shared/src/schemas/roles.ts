import { z } from 'zod';
import { ADMIN_LIMITS, ADMIN_TEXTS, TEXT_MAX } from '../constants';
import { ZRecordId, ZSortOrder } from './groups';

export const ZCompany = z.object({ _id: z.string(), name: z.string() });
export type TCompany = z.infer<typeof ZCompany>;
// GET /api/v1/company/list
export const ZCompanyListResponse = z.object({ success: z.literal(true), companies: z.array(ZCompany) });
export type TCompanyListResponse = z.infer<typeof ZCompanyListResponse>;

export const ZRole = z.object({
  _id: z.string(),
  name: z.string(),
  company_id: z.string(),
  disabled: z.boolean(),
  duplicate_from: z.string().nullable(),
  /** users holding it as their role or as a temporary role that has not ended */
  users_count: z.number().int(),
  created_at: z.string(),
});
export type TRole = z.infer<typeof ZRole>;

// GET /api/v1/company/role-list?company_id (without it: the caller's company). Without limit: every role.
export const ROLE_SORT_KEYS = ['name', 'disabled', 'created_at'] as const;
export const ZRoleListQuery = z.object({
  company_id: ZRecordId.optional(),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  textSearch: z.string().trim().max(TEXT_MAX).default(''),
  sortBy: z.enum(ROLE_SORT_KEYS).default('name'),
  order: ZSortOrder.default('asc'),
});
export type TRoleListQuery = Partial<z.output<typeof ZRoleListQuery>>;
export const ZRoleListResponse = z.object({ success: z.literal(true), roles: z.array(ZRole), total: z.number() });
export type TRoleListResponse = z.infer<typeof ZRoleListResponse>;

// POST /api/v1/roles: create; with _id update (name, enable switch); with duplicate_from a copy with its permissions
export const ZSaveRoleRequest = z.object({
  _id: ZRecordId.optional(),
  name: z
    .string({ message: ADMIN_TEXTS.roleNameRequired })
    .trim()
    .min(1, ADMIN_TEXTS.roleNameRequired)
    .max(ADMIN_LIMITS.roleNameMax),
  company_id: ZRecordId.optional(),
  disabled: z.boolean().optional(),
  duplicate_from: ZRecordId.optional(),
});
export type TSaveRoleRequest = z.infer<typeof ZSaveRoleRequest>;
export const ZSaveRoleResponse = z.object({ success: z.literal(true), message: z.string(), role: ZRole });
export type TSaveRoleResponse = z.infer<typeof ZSaveRoleResponse>;
