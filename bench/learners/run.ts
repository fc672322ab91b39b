/**
 * Many learners taking a line at once, on the real server (the built bundle, its embedded PostgreSQL, the
 * real speech engines). Each simulated learner has an assignment, starts an attempt, opens the signed speech
 * websocket and streams a 5.3 s human recording (pocketsphinx-testdata, librivox) in real time as 16-bit PCM
 * at 44.1 kHz in 100 ms frames, as the browser does; stops; uploads the recording to grade-transcription;
 * then polls get-missed-correct-keywords until the line is graded. Printed per run of N learners:
 *   first partial   — from the first audio frame to the first non-empty partial transcript (p50, p95)
 *   stop → result   — from the learner's stop to a Completed keyword result (upload + decode + grade)
 *   errors          — any answer that is not a success, any socket error, any line not graded
 * Then it raises N until p95 of stop → result passes 3 s: how many learners at once this machine holds.
 *   npm run bench:learners                 (LEARNERS=30; LEARNERS_STEPS=1,10,20,30,40,60 for the search)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import { ROLE_NAMES, recognitionHints } from '@sim/shared';
import { count, gte } from 'drizzle-orm';
import WebSocket from 'ws';
import { connectDatabase } from '../../apps/server/src/db/client';
import { readState } from '../../apps/server/src/db/embedded/cluster-state';
import { assignments, attemptLines } from '../../apps/server/src/db/schema/index';
import { TokenService } from '../../apps/server/src/lib/jwt';
import { deriveKey, resolveSecret } from '../../apps/server/src/lib/secrets';
import { buildCompany, buildUser, type Seed, tokenFor } from '../../apps/server/test/factories/company';
import { buildScript, buildSim, charactersOf, levelsOf, productId } from '../../apps/server/test/factories/sims';
import { freePort, percentile, startServer, tempDataDir } from '../db/server-process';

const run = promisify(execFile);
const RECORDING = {
  file: '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0890.wav',
  script: 'Unless to be rather cold hearted and rather selfish is to be ill disposed.',
  keywords: ['cold hearted', 'selfish'],
};
const RATE = 44100;
const FRAME_MS = 100;
const DEFAULT_LEARNERS = Number(process.env.LEARNERS ?? 30);
const STEPS = (process.env.LEARNERS_STEPS ?? '1,10,20,30,40,60')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const LIMIT_P95_S = 3;

interface Learner {
  token: string;
  assignmentId: string;
}
/** How long the take-sim screen waits for the stream's final before it uploads without it. */
const FINAL_WAIT_MS = 20_000;
const HINTS = recognitionHints({ script: RECORDING.script, keywords: RECORDING.keywords, tests: [] });

interface Streamed {
  firstPartial: number;
  /** when 'stop' was sent */
  stoppedAt: number;
  /** the final's stream id (the upload names it), if the final came in time */
  streamId?: string;
  refused: boolean;
}
interface Timing {
  firstPartial: number;
  stopToResult: number;
  correct: number;
  /** the server refused the live stream (its limit of open streams): no live transcript, the line is still graded */
  refused?: boolean;
  error?: string;
}

async function pcm(file: string): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    ['-loglevel', 'error', '-i', file, '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 1 << 26 },
  );
  return stdout;
}

async function call<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/**
 * Streams the PCM in real time over the signed websocket with the line's hints, as the take-sim screen
 * does; answers seconds to the first partial, when 'stop' was sent and the final's stream id (waiting for
 * it at most FINAL_WAIT_MS, as the screen does), or `refused` when the server turned the stream down (too
 * many open): the learner then speaks without a live transcript, for the same 5.3 s.
 */
async function stream(base: string, token: string, audio: Buffer): Promise<Streamed> {
  const { data } = await call<{ data: { url: string } }>(base, token, 'GET', '/api/v1/speech/stream-url');
  const url = new URL(data.url, base);
  url.protocol = url.protocol.replace('http', 'ws');
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let firstPartial = Number.NaN;
  let started = 0;
  let streamId: string | undefined;
  let refused = false;
  const finished = new Promise<void>((resolve) => {
    socket.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as { type: string; text?: string; stream_id?: string };
      if (msg.type === 'partial' && msg.text && Number.isNaN(firstPartial))
        firstPartial = (performance.now() - started) / 1000;
      if (msg.type === 'error') refused = true;
      if (msg.type === 'final') {
        streamId = msg.stream_id;
        resolve();
      }
    });
    socket.once('close', () => resolve());
  });
  socket.send(JSON.stringify({ type: 'start', sampleRate: RATE, ...HINTS }));
  const frame = Math.round((RATE * FRAME_MS) / 1000) * 2;
  started = performance.now();
  for (let offset = 0, i = 0; offset < audio.length; offset += frame, i++) {
    socket.send(audio.subarray(offset, offset + frame));
    const due = started + (i + 1) * FRAME_MS;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
  }
  const stoppedAt = performance.now();
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'stop' }));
  await Promise.race([finished, new Promise((r) => setTimeout(r, FINAL_WAIT_MS))]);
  socket.close();
  return { firstPartial: refused ? Number.NaN : firstPartial, stoppedAt, streamId, refused };
}

async function takeLine(
  base: string,
  learner: Learner,
  ids: { simId: string; levelId: string; scriptId: string },
  audio: Buffer,
  wav: Buffer,
): Promise<Timing> {
  try {
    const attempt = await call<{ _id: string }>(base, learner.token, 'POST', '/api/v1/sims/save-take-sim-details', {
      simId: ids.simId,
      simLevelId: ids.levelId,
      mode: 'practice',
      assignment_id: learner.assignmentId,
    });
    const { firstPartial, stoppedAt: stopped, streamId, refused } = await stream(base, learner.token, audio);
    const form = new FormData();
    form.set('sim_level_user_response', attempt._id);
    form.set('script_id', ids.scriptId);
    form.set('transcribed_text', RECORDING.script);
    if (streamId) form.set('stream_id', streamId);
    form.set('audio_blob', new Blob([wav], { type: 'audio/wav' }), 'line.wav');
    const upload = await fetch(`${base}/api/v1/sims/grade-transcription`, {
      method: 'POST',
      headers: { authorization: `Bearer ${learner.token}` },
      body: form,
    });
    const uploaded = (await upload.json()) as { id?: string };
    if (!upload.ok || !uploaded.id)
      throw new Error(`upload: ${upload.status} ${JSON.stringify(uploaded).slice(0, 200)}`);
    for (let tries = 0; tries < 600; tries++) {
      const result = await call<{ status: string; correct_keywords: string[] }>(
        base,
        learner.token,
        'GET',
        `/api/v1/sims/get-missed-correct-keywords?id=${uploaded.id}`,
      );
      if (result.status === 'Completed')
        return {
          firstPartial,
          stopToResult: (performance.now() - stopped) / 1000,
          correct: result.correct_keywords.length,
          refused,
        };
      if (result.status === 'Failed') throw new Error('the line could not be graded');
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no result after 60 s');
  } catch (error) {
    return { firstPartial: Number.NaN, stopToResult: Number.NaN, correct: 0, error: String(error) };
  }
}

function figures(timings: Timing[]) {
  const sorted = (xs: number[]) => xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const first = sorted(timings.map((t) => t.firstPartial));
  const result = sorted(timings.map((t) => t.stopToResult));
  return {
    firstP50: percentile(first, 0.5),
    firstP95: percentile(first, 0.95),
    resultP50: percentile(result, 0.5),
    resultP95: percentile(result, 0.95),
    errors: timings.filter((t) => t.error).length,
    refused: timings.filter((t) => t.refused).length,
    firstError: timings.find((t) => t.error)?.error,
    keywords: timings.reduce((n, t) => n + t.correct, 0) / Math.max(1, timings.length),
  };
}

async function main() {
  const dataDir = tempDataDir('sim-bench-learners-');
  const [port, pgPort] = [await freePort(), await freePort()];
  const server = startServer({ dataDir, port, pgPort, env: { LOG_LEVEL: 'warn', SEED_DEMO: 'false' } });
  try {
    await server.ready;
    const state = readState(dataDir);
    if (!state) throw new Error('no embedded PostgreSQL state');
    const database = connectDatabase(`postgres://postgres:${state.password}@127.0.0.1:${pgPort}/simcentre`, 4);
    const tokens = new TokenService(deriveKey(resolveSecret(undefined, dataDir), 'jwt'), 8 * 60 * 60);
    const seed: Seed = { db: database.db, deps: { tokens, now: () => new Date() } };
    const company = await buildCompany(seed);
    const admin = await buildUser(seed, company, { role: ROLE_NAMES.admin });
    const simId = await buildSim(
      seed,
      { id: admin.id, companyId: company.companyId },
      { productId: await productId(seed, 'Training SIM') },
    );
    const [level] = await levelsOf(seed, simId);
    const characters = await charactersOf(seed, simId);
    await buildScript(seed, {
      simId,
      levelId: level.id,
      characterId: characters.customer,
      script: 'How can you help?',
    });
    const line = await buildScript(seed, {
      simId,
      levelId: level.id,
      characterId: characters.agent,
      script: RECORDING.script,
      keywords: RECORDING.keywords,
      realTimeFeedback: true,
    });
    const most = Math.max(DEFAULT_LEARNERS, ...STEPS);
    const learners: Learner[] = [];
    for (let i = 0; i < most; i++) {
      const user = await buildUser(seed, company, { role: ROLE_NAMES.agent });
      const [row] = await seed.db
        .insert(assignments)
        .values({ companyId: company.companyId, simId, assignedToId: user.id, assignedById: admin.id })
        .returning({ id: assignments.id });
      learners.push({ token: await tokenFor(seed, user), assignmentId: row.id });
    }
    const audio = await pcm(RECORDING.file);
    const wav = fs.readFileSync(RECORDING.file);
    const ids = { simId, levelId: level.id, scriptId: line.id };
    console.log(
      `Learners taking a line at once: a ${(audio.length / 2 / RATE).toFixed(1)} s recording streamed in real time, then uploaded and graded (${os.cpus()[0]?.model}, ${os.cpus().length} cores)`,
    );
    // one learner alone first: the warm figure without contention
    await takeLine(server.url, learners[0], ids, audio, wav);
    const runs = [...new Set([1, DEFAULT_LEARNERS, ...STEPS])].sort((a, b) => a - b);
    for (const n of runs) {
      const loadAverage = os.loadavg()[0];
      const runStart = new Date();
      const timings = await Promise.all(learners.slice(0, n).map((l) => takeLine(server.url, l, ids, audio, wav)));
      const f = figures(timings);
      const sources = await database.db
        .select({ from: attemptLines.gradedFrom, lines: count() })
        .from(attemptLines)
        .where(gte(attemptLines.recordedAt, runStart))
        .groupBy(attemptLines.gradedFrom);
      const graded = sources.map((r) => `${r.lines} from ${r.from ?? 'nothing'}`).join(', ');
      console.log(
        `  ${String(n).padStart(3)} learners   first partial p50 ${f.firstP50.toFixed(2)} s p95 ${f.firstP95.toFixed(2)} s   stop → result p50 ${f.resultP50.toFixed(2)} s p95 ${f.resultP95.toFixed(2)} s   keywords found ${f.keywords.toFixed(2)}/${RECORDING.keywords.length}   errors ${f.errors}   live streams refused ${f.refused}   graded ${graded}   (load average ${loadAverage.toFixed(1)})${f.firstError ? `\n      first error: ${f.firstError}` : ''}`,
      );
      if (f.errors > 0 && server.proc.exitCode !== null) {
        console.log(
          `  the server exited (code ${server.proc.exitCode}); its last lines:\n${server.lines.slice(-30).join('\n')}`,
        );
        break;
      }
      if (n > DEFAULT_LEARNERS && f.resultP95 > LIMIT_P95_S) {
        console.log(`  p95 of stop → result passed ${LIMIT_P95_S} s at ${n} learners`);
        break;
      }
    }
    await database.close();
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
