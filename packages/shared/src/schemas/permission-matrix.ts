import { z } from 'zod';
import { ADMIN_LIMITS, ADMIN_TEXTS } from '../constants';
import { PERMISSION_TYPES } from '../permissions';
import { ZRecordId, ZRecordIds } from './groups';

export const ZMatrixTask = z.object({
  task_id: z.string(),
  task_name: z.string(),
  task_definition: z.string(),
  tooltip: z.string().nullable(),
  description: z.string().nullable(),
  permissions: z.array(z.object({ permission_type: z.enum(PERMISSION_TYPES), permission_id: z.string() })),
});
export type TMatrixTask = z.infer<typeof ZMatrixTask>;
export const ZMatrixProduct = z.object({ _id: z.string(), product_name: z.string(), tasks: z.array(ZMatrixTask) });
export type TMatrixProduct = z.infer<typeof ZMatrixProduct>;
export const ZMatrixRole = z.object({
  _id: z.string(),
  name: z.string(),
  disabled: z.boolean(),
  /** the permission ids the role holds */
  permissions: z.array(z.string()),
});
export type TMatrixRole = z.infer<typeof ZMatrixRole>;

// POST /api/v1/permissions/details?company_id
export const ZMatrixQuery = z.object({ company_id: ZRecordId.optional() });
export const ZMatrixResponse = z.object({
  success: z.literal(true),
  company_id: z.string(),
  list: z.array(ZMatrixProduct),
  roles: z.array(ZMatrixRole),
});
export type TMatrixResponse = z.infer<typeof ZMatrixResponse>;

// POST /api/v1/permissions/save-permission-details?id={task id}
export const ZSavePermissionDetailsQuery = z.object({ id: ZRecordId });
export const ZSavePermissionDetailsRequest = z.object({
  tooltip: z.string().trim().max(ADMIN_LIMITS.tooltipMax).default(''),
  description: z.string().trim().max(ADMIN_LIMITS.descriptionMax).default(''),
});
export type TSavePermissionDetailsRequest = z.input<typeof ZSavePermissionDetailsRequest>;
export const ZSavePermissionDetailsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  task: ZMatrixTask,
});

// POST /api/v1/roles/save-permissions {permission_data: [{role_id, permissions: [permission ids]}]}
export const ZSaveRolePermissionsRequest = z.object({
  permission_data: z
    .array(z.object({ role_id: ZRecordId, permissions: ZRecordIds }))
    .min(1)
    .max(500)
    .refine((rows) => new Set(rows.map((r) => r.role_id)).size === rows.length, ADMIN_TEXTS.duplicateRoleInRequest),
});
export type TSaveRolePermissionsRequest = z.infer<typeof ZSaveRolePermissionsRequest>;
