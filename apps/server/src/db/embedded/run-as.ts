import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

/** The operating-system account PostgreSQL runs as; null means the current user. */
export interface RunAs {
  name: string;
  uid: number;
  gid: number;
}

const PG_USER = 'postgres';

function idOf(flag: '-u' | '-g', name: string): number | null {
  try {
    return Number.parseInt(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim(), 10);
  } catch {
    return null;
  }
}

function groupExists(name: string): boolean {
  return spawnSync('getent', ['group', name], { stdio: 'ignore' }).status === 0;
}

/**
 * PostgreSQL refuses to run as root. As root, run it as the system user `postgres` (created when the
 * machine has none, as Debian's own packages would); as any other user, run it as that user.
 */
export function postgresRunAs(): RunAs | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  let uid = idOf('-u', PG_USER);
  if (uid === null) {
    const group = groupExists(PG_USER) ? ['-g', PG_USER] : ['--user-group'];
    try {
      execFileSync(
        'useradd',
        [
          '--system',
          ...group,
          '--no-create-home',
          '--home-dir',
          '/nonexistent',
          '--shell',
          '/usr/sbin/nologin',
          PG_USER,
        ],
        { stdio: 'pipe' },
      );
    } catch (err) {
      throw new Error(
        `The embedded PostgreSQL must run as a user other than root, and the user "${PG_USER}" could not be created ` +
          `(${(err as Error).message.split('\n')[0]}). Create it (useradd --system ${PG_USER}) or set DATABASE_URL.`,
      );
    }
    uid = idOf('-u', PG_USER);
  }
  const gid = idOf('-g', PG_USER);
  if (uid === null || gid === null) throw new Error(`The user "${PG_USER}" has no uid/gid.`);
  return { name: PG_USER, uid, gid };
}

/** Whether `who` can enter `dir` (tested as that user, the way PostgreSQL will be run: no extra groups). */
function canEnter(dir: string, who: RunAs): boolean {
  return spawnSync('test', ['-x', dir], { uid: who.uid, gid: who.gid, stdio: 'ignore' }).status === 0;
}

/**
 * The PostgreSQL user must be able to walk down to the data folder. A checkout in root's home folder
 * (mode 700) is not reachable: grant that one user the right to pass through (ACL `u:postgres:x`) on just
 * the folders that block it, and nothing else. Without setfacl, stop with what to do.
 */
export function ensureReachable(dir: string, who: RunAs): void {
  if (canEnter(dir, who)) return;
  const ancestors: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    ancestors.unshift(d);
    if (path.dirname(d) === d) break;
  }
  const blocked: string[] = [];
  for (const d of ancestors) {
    if (canEnter(d, who)) continue;
    blocked.push(d);
    const r = spawnSync('setfacl', ['-m', `u:${who.name}:x`, d], { encoding: 'utf8', stdio: 'pipe' });
    if (r.status !== 0) {
      const why = r.error ? 'setfacl is not installed (Debian package acl)' : r.stderr.trim();
      throw new Error(
        `The embedded PostgreSQL runs as the user "${who.name}", which cannot enter ${d} (${why}). ` +
          `Run \`setfacl -m u:${who.name}:x ${d}\`, or set DATA_DIR to a folder outside it (for example /var/lib/simcentre).`,
      );
    }
  }
  if (!canEnter(dir, who))
    throw new Error(
      `The embedded PostgreSQL runs as the user "${who.name}", which still cannot enter ${dir} after granting it ` +
        `passage through ${blocked.join(', ')}. Set DATA_DIR to a folder it can reach (for example /var/lib/simcentre).`,
    );
}
