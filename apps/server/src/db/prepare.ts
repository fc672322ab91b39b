import { syncPermissionCatalogue } from '../modules/permissions/catalogue';
import { syncTools } from '../modules/tools/catalogue';
import type { Database } from './client';
import { runMigrations } from './migrate';

/** Migrations, then the catalogues that live in code (permission tasks, tools). Idempotent. */
export async function prepareDatabase(database: Database): Promise<void> {
  await runMigrations(database);
  await database.db.transaction(async (tx) => {
    await syncPermissionCatalogue(tx);
    await syncTools(tx);
  });
}
