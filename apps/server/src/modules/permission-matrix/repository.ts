import type { PermissionType, TMatrixProduct, TMatrixTask } from '@sim/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { permissionProducts, permissions, rolePermissions, roles, tasks } from '../../db/schema/index';

const TYPE_ORDER: Record<string, number> = { view: 0, create: 1, update: 2, delete: 3 };

/** Products → tasks → the permission types each task offers, in catalogue order. */
export async function loadCatalogue(db: DbOrTx): Promise<TMatrixProduct[]> {
  const rows = await db
    .select({
      productId: permissionProducts.id,
      productName: permissionProducts.name,
      taskId: tasks.id,
      taskName: tasks.name,
      definition: tasks.definition,
      tooltip: tasks.tooltip,
      description: tasks.description,
      permissionId: permissions.id,
      type: permissions.type,
    })
    .from(permissionProducts)
    .innerJoin(tasks, eq(tasks.productId, permissionProducts.id))
    .innerJoin(permissions, eq(permissions.taskId, tasks.id))
    .orderBy(asc(permissionProducts.sortOrder), asc(tasks.sortOrder), asc(tasks.name));
  const products: TMatrixProduct[] = [];
  const taskById = new Map<string, TMatrixTask>();
  for (const r of rows) {
    let product = products.find((p) => p._id === r.productId);
    if (!product) {
      product = { _id: r.productId, product_name: r.productName, tasks: [] };
      products.push(product);
    }
    let task = taskById.get(r.taskId);
    if (!task) {
      task = {
        task_id: r.taskId,
        task_name: r.taskName,
        task_definition: r.definition,
        tooltip: r.tooltip,
        description: r.description,
        permissions: [],
      };
      taskById.set(r.taskId, task);
      product.tasks.push(task);
    }
    task.permissions.push({ permission_type: r.type as PermissionType, permission_id: r.permissionId });
  }
  for (const t of taskById.values())
    t.permissions.sort((a, b) => TYPE_ORDER[a.permission_type] - TYPE_ORDER[b.permission_type]);
  return products;
}

export async function rolesWithPermissions(db: DbOrTx, companyId: string) {
  const list = await db
    .select({ id: roles.id, name: roles.name, disabled: roles.disabled })
    .from(roles)
    .where(eq(roles.companyId, companyId))
    .orderBy(asc(roles.createdAt), asc(roles.name));
  const held = list.length
    ? await db
        .select({ roleId: rolePermissions.roleId, permissionId: rolePermissions.permissionId })
        .from(rolePermissions)
        .where(
          inArray(
            rolePermissions.roleId,
            list.map((r) => r.id),
          ),
        )
    : [];
  return list.map((r) => ({
    _id: r.id,
    name: r.name,
    disabled: r.disabled,
    permissions: held.filter((h) => h.roleId === r.id).map((h) => h.permissionId),
  }));
}

export async function findTask(db: DbOrTx, id: string): Promise<TMatrixTask | null> {
  const catalogue = await loadCatalogue(db);
  for (const p of catalogue) for (const t of p.tasks) if (t.task_id === id) return t;
  return null;
}

export async function updateTaskDetails(db: DbOrTx, id: string, tooltip: string | null, description: string | null) {
  await db.update(tasks).set({ tooltip, description }).where(eq(tasks.id, id));
}

export async function rolesByIds(db: DbOrTx, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: roles.id, companyId: roles.companyId, name: roles.name })
    .from(roles)
    .where(inArray(roles.id, [...ids]));
}

export async function existingPermissionIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function replaceRolePermissions(db: DbOrTx, roleId: string, permissionIds: readonly string[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (permissionIds.length)
    await db
      .insert(rolePermissions)
      .values(permissionIds.map((permissionId) => ({ roleId, permissionId })))
      .onConflictDoNothing();
}
