import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `DATA_DIR/embedded-pg.json`: what this server knows of its cluster in `DATA_DIR/pgdata`. Written before
 * initdb ("initialising") and after it ("ready"), so an interrupted first start is redone, and a pgdata
 * folder without it is recognised as not ours (PGlite's, from versions before 2026-11).
 */
export interface ClusterState {
  engine: 'postgresql';
  state: 'initialising' | 'ready';
  /** The superuser's password, made once (the server listens on 127.0.0.1 only, with scram-sha-256). */
  password: string;
  majorVersion: number;
}

export const stateFile = (dataDir: string) => path.join(dataDir, 'embedded-pg.json');
export const clusterDir = (dataDir: string) => path.join(dataDir, 'pgdata');

export function readState(dataDir: string): ClusterState | null {
  try {
    const s = JSON.parse(fs.readFileSync(stateFile(dataDir), 'utf8')) as ClusterState;
    return s.engine === 'postgresql' && typeof s.password === 'string' ? s : null;
  } catch {
    return null;
  }
}

export function writeState(dataDir: string, state: ClusterState): void {
  const file = stateFile(dataDir);
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
}

export const newPassword = () => crypto.randomBytes(24).toString('hex');

function hasFiles(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/**
 * What to do with `DATA_DIR/pgdata`: make a new cluster, redo an interrupted one, use it, or refuse a
 * folder written by PGlite (the embedded engine of earlier versions), which PostgreSQL cannot open.
 */
export function planCluster(dataDir: string): { action: 'init' | 'use'; state: ClusterState | null } {
  const pgdata = clusterDir(dataDir);
  const state = readState(dataDir);
  if (state?.state === 'ready' && fs.existsSync(path.join(pgdata, 'PG_VERSION'))) return { action: 'use', state };
  if (state?.state === 'initialising' || !hasFiles(pgdata)) return { action: 'init', state: null };
  const rel = path.relative(process.cwd(), pgdata) || pgdata;
  throw new Error(
    `${pgdata} holds a database written by PGlite, the embedded engine of earlier versions, which this version ` +
      `no longer runs (it mixed up concurrent requests). Its data is not carried over: move it aside ` +
      `(mv ${rel} ${rel}-pglite) and start again for a new database with the demo data, or keep using the ` +
      'earlier version for it. See "The embedded database" in README.md.',
  );
}
