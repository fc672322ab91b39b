import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from './embedded';
import { isAlive, stopOrphanPostmaster } from './postmaster';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
const quiet = () => {};

function tempParent(mode: number) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-pg-system-'));
  fs.chmodSync(d, mode);
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function scalar(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Object.values((await client.query(sql, params)).rows[0])[0];
  } finally {
    await client.end();
  }
}

/** Runs writer.fixture.ts until `acks` rows are acknowledged, then SIGKILLs it (and its PostgreSQL). */
async function writeThenKill(dataDir: string, round: string, acks: number, killPostgres: boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'writer.fixture.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, ROUND: round },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const acked = new Set<number>();
  let pgPid = 0;
  await new Promise<void>((resolve, reject) => {
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) {
        if (l.startsWith('pg ')) pgPid = Number(l.slice(3));
        if (l.startsWith('ack ')) acked.add(Number(l.slice(4)));
      }
      if (acked.size >= acks) {
        child.kill('SIGKILL');
        if (killPostgres) process.kill(pgPid, 'SIGKILL');
        resolve();
      }
    });
    child.once('exit', (code) => (acked.size >= acks ? resolve() : reject(new Error(`writer exited (${code})`))));
  });
  await new Promise((r) => child.once('exit', r).exitCode !== null && r(null));
  return { acked, pgPid };
}

describe('the embedded PostgreSQL', () => {
  it('runs in a data folder under a parent only its owner may enter (mode 700), and stops cleanly', async () => {
    const parent = tempParent(0o700);
    const dataDir = path.join(parent, 'data');
    const db = await startEmbeddedDatabase({ dataDir, log: quiet });
    try {
      expect(await scalar(db.url, 'select current_database()')).toBe('simcentre');
      expect(String(await scalar(db.url, 'show server_version'))).toMatch(/^17\./);
      expect(await scalar(db.url, 'show fsync')).toBe('on');
      expect(await scalar(db.url, 'show listen_addresses')).toBe('127.0.0.1');
      const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'embedded-pg.json'), 'utf8'));
      expect(state).toMatchObject({ engine: 'postgresql', state: 'ready' });
      expect(db.url).toContain(state.password);
      expect(fs.statSync(path.join(dataDir, 'embedded-pg.json')).mode & 0o077).toBe(0);
      // the password is required
      const wrong = db.url.replace(state.password, 'not-the-password');
      await expect(scalar(wrong, 'select 1')).rejects.toThrow(/password authentication failed/);
      // a second server on the same folder is refused with a clear message
      await expect(startEmbeddedDatabase({ dataDir, log: quiet, lockWaitMs: 200 })).rejects.toThrow(
        /already in use by another server \(pid \d+\)/,
      );
    } finally {
      await db.stop();
    }
    expect(isAlive(db.pid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pgdata', 'postmaster.pid'))).toBe(false);
  });

  it('leaves alone a live process whose pid a stale postmaster.pid names (pid reused after a reboot)', async () => {
    const pgdata = path.join(tempParent(0o755), 'pgdata');
    fs.mkdirSync(pgdata);
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(pgdata, 'postmaster.pid'), `${other.pid}\n${pgdata}\n`);
      const said: string[] = [];
      await stopOrphanPostmaster(pgdata, (m) => said.push(m));
      expect(isAlive(other.pid as number)).toBe(true);
      expect(fs.existsSync(path.join(pgdata, 'postmaster.pid'))).toBe(false);
      expect(said).toEqual([]);
    } finally {
      other.kill();
    }
  });

  it('refuses a data folder written by PGlite and says what to do', async () => {
    const dataDir = path.join(tempParent(0o755), 'data');
    fs.mkdirSync(path.join(dataDir, 'pgdata', 'base'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17\n');
    await expect(startEmbeddedDatabase({ dataDir, log: quiet })).rejects.toThrow(
      /written by PGlite.*mv .*pgdata .*pgdata-pglite/s,
    );
    expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true); // nothing touched
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  it('keeps every acknowledged write across kill -9 of the server, and of the server and PostgreSQL', async () => {
    const dataDir = path.join(tempParent(0o755), 'data');
    const rounds = [
      { round: 'server-killed', kill: false },
      { round: 'both-killed', kill: true },
    ];
    const acknowledged = new Map<string, Set<number>>();
    for (const r of rounds) acknowledged.set(r.round, (await writeThenKill(dataDir, r.round, 300, r.kill)).acked);
    // the next start stops the orphaned PostgreSQL (or recovers after its crash) and finds every row
    const db = await startEmbeddedDatabase({ dataDir, log: quiet });
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      for (const [round, acked] of acknowledged) {
        const { rows } = await client.query('select n from acked where round = $1', [round]);
        const stored = new Set(rows.map((x) => x.n as number));
        const lost = [...acked].filter((n) => !stored.has(n));
        expect({ round, acked: acked.size >= 300, lost }).toEqual({ round, acked: true, lost: [] });
      }
      await client.end();
    } finally {
      await db.stop();
    }
    expect(fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8')).toMatch(
      /database system was interrupted|not properly shut down|redo starts/,
    );
  });
});
