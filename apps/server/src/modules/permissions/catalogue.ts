import { defaultGrantsFor, PERMISSION_CATALOGUE, permissionKey } from '@sim/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { permissionProducts, permissions, rolePermissions, tasks } from '../../db/schema/index';

/**
 * Makes the permission catalogue in the database match packages/shared: products, tasks and the
 * permission types each task offers. Runs at every start; idempotent; edited tooltips are kept.
 */
export async function syncPermissionCatalogue(db: DbOrTx): Promise<void> {
  let productOrder = 0;
  for (const product of PERMISSION_CATALOGUE) {
    const [p] = await db
      .insert(permissionProducts)
      .values({ name: product.name, sortOrder: productOrder++ })
      .onConflictDoUpdate({ target: permissionProducts.name, set: { sortOrder: sql`excluded.sort_order` } })
      .returning({ id: permissionProducts.id });
    let taskOrder = 0;
    for (const task of product.tasks) {
      const [t] = await db
        .insert(tasks)
        .values({ productId: p.id, name: task.name, definition: task.definition, sortOrder: taskOrder++ })
        .onConflictDoUpdate({
          target: tasks.name,
          set: { productId: p.id, definition: task.definition, sortOrder: sql`excluded.sort_order` },
        })
        .returning({ id: tasks.id });
      for (const type of task.types) await db.insert(permissions).values({ taskId: t.id, type }).onConflictDoNothing();
    }
  }
}

/** permission id by `task:type` */
export async function permissionIdsByKey(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: permissions.id, type: permissions.type, task: tasks.name })
    .from(permissions)
    .innerJoin(tasks, sql`${tasks.id} = ${permissions.taskId}`);
  return new Map(rows.map((r) => [`${r.task}:${r.type}`, r.id]));
}

/** Gives a default role its default permissions (DECISIONS.md section 8). */
export async function grantDefaultPermissions(db: DbOrTx, roleId: string, roleName: string, ids?: Map<string, string>) {
  const byKey = ids ?? (await permissionIdsByKey(db));
  const values = defaultGrantsFor(roleName)
    .map((g) => byKey.get(permissionKey(g.task, g.type)))
    .filter((id): id is string => Boolean(id))
    .map((permissionId) => ({ roleId, permissionId }));
  if (values.length) await db.insert(rolePermissions).values(values).onConflictDoNothing();
}
