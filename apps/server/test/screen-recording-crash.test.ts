import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServer } from '../../../bench/db/server-process';
import { loadConfig } from '../src/config';
import { connectDatabase, type Database } from '../src/db/client';
import { freePort } from '../src/db/embedded/postmaster';
import { prepareDatabase } from '../src/db/prepare';
import { screenRecordingParts } from '../src/db/schema/index';
import { createDeps } from '../src/runtime';
import { buildCompany, buildUser, TEST_JWT_SECRET, type TestUser, tokenFor } from './factories';
import { buildUrl, makeWebm, probe, recordedAttempt, STREAM_URL, split, videoUrl } from './screen-recording-fixtures';

/**
 * kill -9 in the middle of a screen-recording upload (issue 16): the real server (tsx on the sources, as
 * bench/db/server-process.ts starts it) on a database and data folder of its own; parts are uploaded over
 * HTTP, the server is SIGKILLed while a part is in flight, restarted on the same data, and every part it
 * acknowledged is found (rows and bytes); the upload then finishes and the server's own worker builds the MP4.
 */

const PART = 8 * 1024;
const dbName = `sim_screen_crash_${process.pid}_${Date.now() % 100000}`;

function adminUrl(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A multipart body of one part, the file first (as the page's FormData). */
function partBody(fields: Record<string, string>, data: Buffer) {
  const boundary = `----crash${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="chunkData"; filename="blob"\r\nContent-Type: video/webm\r\n\r\n`,
  );
  const tail = Buffer.concat([
    Buffer.from('\r\n'),
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { boundary, head, data, tail };
}

/** Sends a part over HTTP; with `hold`, sends only its first half and leaves the request open (in flight). */
function sendOverHttp(base: string, token: string, fields: Record<string, string>, data: Buffer, hold = false) {
  const body = partBody(fields, data);
  const length = body.head.length + body.data.length + body.tail.length;
  const url = new URL(STREAM_URL, base);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${body.boundary}`,
        'content-length': String(length),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.write(body.head);
    if (hold) {
      req.write(body.data.subarray(0, body.data.length >> 1));
      return; // never ended: the server dies with it in flight
    }
    req.write(body.data);
    req.end(body.tail);
  });
}

/** The process and every process under it (tsx runs the server in a child of its own). */
function descendants(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** kill -9 of the server this test started: the node process running it and the tsx wrapper. */
function killTree(pid: number) {
  for (const p of [...descendants(pid).reverse(), pid]) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

async function json(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(new URL(url, base), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { video_status?: string; video_url: string } };
}

describe('screen recording: kill -9 mid-upload', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-screen-crash-'));
  const suiteUrl = inject('databaseUrl');
  const dbUrl = adminUrl(suiteUrl, dbName);
  let database: Database;
  let server: ServerProcess | null = null;
  let agent: TestUser;
  let token: string;
  let port: number;

  const start = async () => {
    server = startServer({
      dataDir,
      port,
      pgPort: port + 1,
      sources: true,
      env: { DATABASE_URL: dbUrl, JWT_SECRET: TEST_JWT_SECRET, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    });
    await server.ready;
    return server;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl(suiteUrl, 'postgres') });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    database = connectDatabase(dbUrl, 2);
    await prepareDatabase(database);
    port = await freePort();
  }, 120_000);

  afterAll(async () => {
    if (server && server.proc.exitCode === null) {
      killTree(server.proc.pid!);
      await server.exited;
    }
    await database?.close();
    const admin = new pg.Client({ connectionString: adminUrl(suiteUrl, 'postgres') });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('keeps every acknowledged part across a kill -9, then finishes and builds', async () => {
    const seed = {
      db: database.db,
      deps: createDeps(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET }), database.db),
    };
    const company = await buildCompany(seed);
    const admin = await buildUser(seed, company, { role: 'Admin' });
    agent = await buildUser(seed, company, { role: 'Agent' });
    token = await tokenFor(seed, agent);
    const staffed = { company, users: { admin, agent } } as unknown as Parameters<typeof recordedAttempt>[1];
    const { attempt } = await recordedAttempt(seed, staffed);
    const webm = await makeWebm(4);
    const parts = split(webm, PART);
    expect(parts.length).toBeGreaterThan(6);
    const fields = (i: number, total = i + 1) => ({
      id: attempt.id,
      chunkNumber: String(i),
      totalChunks: String(total),
      originalname: 'blob',
      fileName: 'screen-1.webm',
      fileType: 'video/webm;codecs=vp8,opus',
    });

    let s = await start();
    const acknowledged: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await sendOverHttp(s.url, token, fields(i), parts[i]);
      expect(res.status, res.body).toBe(200);
      acknowledged.push(i);
    }
    // part 5 in flight (half its bytes sent) when the server is killed
    const inFlight = sendOverHttp(s.url, token, fields(5), parts[5], true).catch((err: Error) => err);
    await new Promise((r) => setTimeout(r, 200));
    killTree(s.proc.pid!);
    await s.exited;
    expect(await inFlight).toBeInstanceOf(Error);

    // restarted on the same data: every acknowledged part is there, rows and bytes; the cut one is not
    s = await start();
    const rows = await database.db
      .select()
      .from(screenRecordingParts)
      .where(and(eq(screenRecordingParts.attemptId, attempt.id), eq(screenRecordingParts.fileName, 'screen-1.webm')))
      .orderBy(screenRecordingParts.chunkNumber);
    expect(rows.map((r) => r.chunkNumber)).toEqual(acknowledged);
    for (const r of rows) {
      const bytes = fs.readFileSync(path.join(dataDir, 'blobs', r.blobKey));
      expect(bytes.equals(parts[r.chunkNumber]), `part ${r.chunkNumber}`).toBe(true);
      expect(r.size).toBe(parts[r.chunkNumber].length);
    }
    // the page resends the unacknowledged part and goes on; a resent acknowledged part changes nothing
    const again = await sendOverHttp(s.url, token, fields(4), parts[4]);
    expect(JSON.parse(again.body)).toEqual({ success: true, received: 5, chunkNumber: 4 });
    for (let i = 5; i < parts.length; i++) {
      const res = await sendOverHttp(s.url, token, fields(i, i === parts.length - 1 ? parts.length : i + 1), parts[i]);
      expect(res.status, res.body).toBe(200);
      expect(JSON.parse(res.body).received).toBe(i + 1);
    }
    const build = await json(s.url, token, 'POST', buildUrl(attempt.id), { sources: ['screen-1.webm'], duration: 4 });
    expect(build.status, JSON.stringify(build.body)).toBe(202);
    // the server's own worker builds it
    let video = await json(s.url, token, 'GET', videoUrl(attempt.id));
    for (let i = 0; i < 120 && video.body.video_status === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      video = await json(s.url, token, 'GET', videoUrl(attempt.id));
    }
    expect(video.body).toMatchObject({ video_status: 'saved', error: null });
    const mp4 = Buffer.from(await (await fetch(new URL(video.body.video_url, s.url))).arrayBuffer());
    const probed = await probe(mp4);
    expect(probed.streams.map((x) => x.codec_type).sort()).toEqual(['audio', 'video']);
    expect(Math.abs(probed.duration - 4)).toBeLessThan(1);
  }, 240_000);
});
