import { employeesApi as api, EMPLOYEE_TEXTS } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
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
export const employeeRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.list, async (request) => ({
    success: true as const,
    ...(await employeeList(deps, actorOf(request), request.query)),
  }));

  route(app, api.minimalData, async (request) => ({
    success: true as const,
    employees: await employeeMinimalData(deps, actorOf(request)),
  }));

  route(app, api.delete, async (request) => {
    await deleteEmployee(deps, actorOf(request), request.body.id, request.ip);
    return { success: true as const, message: EMPLOYEE_TEXTS.employeeDeleted };
  });

  route(app, api.formOptions, async (request) => ({
    success: true as const,
    ...(await formOptions(deps, actorOf(request))),
  }));

  route(app, api.permissionDetails, async (request) => ({
    success: true as const,
    permissions: await employeePermissions(deps, actorOf(request), request.query.user_id),
  }));

  route(app, api.addTempRole, async (request) => ({
    success: true as const,
    message: EMPLOYEE_TEXTS.tempRoleAssigned,
    tempRoles: await addTempRole(deps, actorOf(request), request.query.user_id, request.body, request.ip),
  }));

  route(app, api.deleteTempRole, async (request) => ({
    success: true as const,
    message: EMPLOYEE_TEXTS.tempRoleDeleted,
    tempRoles: await removeTempRole(deps, actorOf(request), request.query.user_id, request.body.role, request.ip),
  }));
};
