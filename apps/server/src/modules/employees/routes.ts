import {
  EMPLOYEE_TEXTS,
  ZAddTempRoleRequest,
  ZDeleteEmployeeRequest,
  ZDeleteEmployeeResponse,
  ZDeleteTempRoleRequest,
  ZEmployeeListQuery,
  ZEmployeeListResponse,
  ZEmployeePermissionsQuery,
  ZEmployeePermissionsResponse,
  ZFormOptionsResponse,
  ZMinimalEmployeesResponse,
  ZTempRoleQuery,
  ZTempRolesResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import {
  addTempRole,
  deleteEmployee,
  employeeList,
  employeeMinimalData,
  employeePermissions,
  formOptions,
  removeTempRole,
} from './service';

/** The employee list of /admin tab 0, its dialogs, and temporary roles. */
export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/api/v1/employee/list',
    {
      schema: {
        tags: ['employees'],
        summary: "A page of the company's employees: search, sort by any shown column, total",
        querystring: ZEmployeeListQuery,
        response: { 200: ZEmployeeListResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await employeeList(deps, actorOf(request), request.query)) }),
  );

  app.get(
    '/api/v1/employee/minimal-data',
    {
      schema: {
        tags: ['employees'],
        summary: 'Every employee of the company with names, email, role and photo (for pickers)',
        response: { 200: ZMinimalEmployeesResponse },
      },
    },
    async (request) => ({ success: true as const, employees: await employeeMinimalData(deps, actorOf(request)) }),
  );

  app.post(
    '/api/v1/employee/delete',
    {
      schema: {
        tags: ['employees'],
        summary: 'Delete an employee (soft delete: they can no longer sign in); not yourself',
        body: ZDeleteEmployeeRequest,
        response: { 200: ZDeleteEmployeeResponse },
      },
    },
    async (request) => {
      await deleteEmployee(deps, actorOf(request), request.body.id, request.ip);
      return { success: true as const, message: EMPLOYEE_TEXTS.employeeDeleted };
    },
  );

  app.get(
    '/api/v1/employee/form-options',
    {
      schema: {
        tags: ['employees'],
        summary: "The company's roles and groups, for the user form and the temporary-role dialog",
        response: { 200: ZFormOptionsResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await formOptions(deps, actorOf(request))) }),
  );

  app.get(
    '/api/v1/employee/permission-details',
    {
      schema: {
        tags: ['employees'],
        summary: "An employee's effective permissions: their role and active temporary roles (VIEW column)",
        querystring: ZEmployeePermissionsQuery,
        response: { 200: ZEmployeePermissionsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      permissions: await employeePermissions(deps, actorOf(request), request.query.user_id),
    }),
  );

  app.post(
    '/api/v1/roles/add-temp-role',
    {
      schema: {
        tags: ['employees'],
        summary: 'Give an employee a role of the company between two dates (inclusive, from today)',
        querystring: ZTempRoleQuery,
        body: ZAddTempRoleRequest,
        response: { 200: ZTempRolesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: EMPLOYEE_TEXTS.tempRoleAssigned,
      tempRoles: await addTempRole(deps, actorOf(request), request.query.user_id, request.body, request.ip),
    }),
  );

  app.post(
    '/api/v1/roles/delete-temp-role',
    {
      schema: {
        tags: ['employees'],
        summary: 'Remove a temporary role from an employee',
        querystring: ZTempRoleQuery,
        body: ZDeleteTempRoleRequest,
        response: { 200: ZTempRolesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: EMPLOYEE_TEXTS.tempRoleDeleted,
      tempRoles: await removeTempRole(deps, actorOf(request), request.query.user_id, request.body.role, request.ip),
    }),
  );
};
