import { DEFAULT_ROLE_NAMES } from '@sim/shared';
import type { DbOrTx } from '../../db/client';
import { companies, roles } from '../../db/schema/index';
import { grantDefaultPermissions, permissionIdsByKey } from '../permissions/service';

/** Creates a company with its default roles (admin, account owner, manager, supervisor, agent). */
export async function createCompanyWithDefaultRoles(
  db: DbOrTx,
  name: string,
): Promise<{ companyId: string; roleIds: Record<string, string> }> {
  const [company] = await db.insert(companies).values({ name }).returning({ id: companies.id });
  const ids = await permissionIdsByKey(db);
  const roleIds: Record<string, string> = {};
  for (const roleName of DEFAULT_ROLE_NAMES) {
    const [role] = await db.insert(roles).values({ companyId: company.id, name: roleName }).returning({ id: roles.id });
    await grantDefaultPermissions(db, role.id, roleName, ids);
    roleIds[roleName] = role.id;
  }
  return { companyId: company.id, roleIds };
}
