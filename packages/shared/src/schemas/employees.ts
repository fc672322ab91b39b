import { z } from 'zod';
import { EMPLOYEE_PAGE_SIZE, EMPLOYEE_TEXTS } from '../constants';
import { ZUserPermission } from './auth';
import { ZNamedRef, ZRowId } from './users';

/** The employee list of /admin tab 0 and its dialogs (administration-and-support.md sections 2, 3 and 7). */

export const ZEmployeeTempRole = z.object({
  role: ZRowId,
  roleName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** true when today lies between the dates (inclusive) */
  active: z.boolean(),
});
export type TEmployeeTempRole = z.infer<typeof ZEmployeeTempRole>;

export const ZEmployee = z.object({
  _id: ZRowId,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.string(),
  role_id: z.string().nullable(),
  status: z.string(),
  sub_status: z.string(),
  title: z.string().nullable(),
  phone_number: z.string().nullable(),
  groups: z.array(ZNamedRef),
  profile_pic_url: z.string().nullable(),
  tempRoles: z.array(ZEmployeeTempRole),
  /**
   * Their effective permissions today hold no Admin task (`isLearnerAccess`): a learner's account, the
   * kind "Login as agent" opens. Decided by permissions, not by the role's name.
   */
  learner: z.boolean(),
});
export type TEmployee = z.infer<typeof ZEmployee>;

/** Columns the list sorts by (every column it shows but actions and permissions). */
export const EMPLOYEE_SORT_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'role',
  'tempRoles',
  'groups',
  'status',
  'title',
  'phone_number',
] as const;
export type EmployeeSortColumn = (typeof EMPLOYEE_SORT_COLUMNS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const ZEmployeeListQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(EMPLOYEE_PAGE_SIZE),
  textSearch: z.string().trim().max(200).optional(),
  sortBy: z.enum(EMPLOYEE_SORT_COLUMNS, { message: EMPLOYEE_TEXTS.badSortBy }).default('first_name'),
  order: z.enum(SORT_ORDERS).default('asc'),
});
export type TEmployeeListQuery = z.infer<typeof ZEmployeeListQuery>;

export const ZEmployeeListResponse = z.object({
  success: z.literal(true),
  employees: z.array(ZEmployee),
  total: z.number().int(),
});
export type TEmployeeListResponse = z.infer<typeof ZEmployeeListResponse>;

/** GET /api/v1/employee/minimal-data: every employee of the company, for pickers. */
export const ZMinimalEmployee = z.object({
  _id: ZRowId,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.string(),
  profile_pic_url: z.string().nullable(),
});
export const ZMinimalEmployeesResponse = z.object({
  success: z.literal(true),
  employees: z.array(ZMinimalEmployee),
});
export type TMinimalEmployeesResponse = z.infer<typeof ZMinimalEmployeesResponse>;

export const ZDeleteEmployeeRequest = z.object({ id: ZRowId });

/** GET /api/v1/employee/form-options: the company's roles and groups for the user form and the temp-role dialog. */
export const ZFormOptionsResponse = z.object({
  success: z.literal(true),
  roles: z.array(z.object({ _id: ZRowId, name: z.string(), disabled: z.boolean() })),
  groups: z.array(ZNamedRef),
});
export type TFormOptionsResponse = z.infer<typeof ZFormOptionsResponse>;

/** GET /api/v1/employee/permission-details: the effective permissions of one employee (the VIEW column). */
export const ZEmployeePermissionsQuery = z.object({ user_id: ZRowId });
export const ZEmployeePermissionsResponse = z.object({
  success: z.literal(true),
  permissions: z.array(ZUserPermission),
});
export type TEmployeePermissionsResponse = z.infer<typeof ZEmployeePermissionsResponse>;

/** A calendar day, YYYY-MM-DD (a full ISO date-time is accepted; its day is used). */
export const ZDay = z
  .string({ message: EMPLOYEE_TEXTS.tempRoleRequired })
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, EMPLOYEE_TEXTS.tempRoleRequired)
  .refine((v) => !Number.isNaN(Date.parse(v.slice(0, 10))), EMPLOYEE_TEXTS.tempRoleRequired);

export const ZTempRoleQuery = z.object({ user_id: ZRowId });
export const ZAddTempRoleRequest = z
  .object({
    role: z.guid({ message: EMPLOYEE_TEXTS.tempRoleRequired }),
    startDate: ZDay,
    endDate: ZDay,
  })
  .refine((v) => v.endDate.slice(0, 10) >= v.startDate.slice(0, 10), {
    path: ['endDate'],
    message: EMPLOYEE_TEXTS.tempRoleEndBeforeStart,
  });
export type TAddTempRoleRequest = z.infer<typeof ZAddTempRoleRequest>;
export const ZDeleteTempRoleRequest = z.object({ role: ZRowId });
export const ZTempRolesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  tempRoles: z.array(ZEmployeeTempRole),
});
export type TTempRolesResponse = z.infer<typeof ZTempRolesResponse>;
