/**
 * bench:recording — the screen recording of issue 16 on this machine:
 *   build  — composeScreenVideo on two 5-minute 1920×1080 30 fps VP8 webm screens made as MediaRecorder
 *            streams them (inputs.ts; cached under /tmp), the first with Opus audio, the second 1.5 s later
 *            and silent: seconds, × real time (goal ≤ 1), the CPU seconds ffmpeg used and the load average.
 *   upload — the built server (apps/server/dist, as npm start runs it) on a fresh embedded PostgreSQL; a
 *            company, a learner and an attempt of a level with screenRecording on written with the test
 *            builders; a 200 MiB webm-looking file sent to POST /api/v1/sims/save-screen-share-stream in
 *            512 KiB parts, 4 in flight, over loopback: MB/s (goal ≥ 100) and the server's peak VmRSS above
 *            idle, read every 100 ms (goal flat, < 150 MB).
 *   server — the same server: the two screens uploaded as another attempt's parts, build-screen-share-video,
 *            get-video polled every second until saved: from the request to a saved video, through the
 *            server's job (parts joined, composeScreenVideo, stored), and the server's peak VmRSS meanwhile.
 * The figures are printed and written to bench/results/recording.md (between its "measured" marks).
 *   npm run bench:recording   (BENCH_RECORDING_ONLY=build|upload|server, BENCH_RECORDING_SECONDS=300,
 *                              BENCH_RECORDING_IN_FLIGHT=4 (the page's), BENCH_RECORDING_CACHE=/tmp/sim-bench-recording,
 *                              BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" to profile the server)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLE_NAMES, SCREEN_RECORDING } from '@sim/shared';
import { connectDatabase } from '../../apps/server/src/db/client';
import { readState } from '../../apps/server/src/db/embedded/cluster-state';
import { TokenService } from '../../apps/server/src/lib/jwt';
import { deriveKey, resolveSecret } from '../../apps/server/src/lib/secrets';
import { COMPOSE_SETTINGS, composeScreenVideo } from '../../apps/server/src/modules/screen-recording/compose';
import { probeMedia } from '../../apps/server/src/modules/screen-recording/probe';
import { buildAssignment } from '../../apps/server/test/factories/assignments';
import { buildAttempt, buildTakeSim } from '../../apps/server/test/factories/attempts';
import { buildCompany, buildUser, type Seed, tokenFor } from '../../apps/server/test/factories/company';
import { SCRIPTED_LINES } from '../../apps/server/test/factories/sims';
import { freePort, startServer, tempDataDir } from '../db/server-process';
import { CACHE, uploadFile as makeUploadFile, SCREEN_SECONDS, screens } from './inputs';
import { rssSampler, STREAM_PATH, type UploadFigures, uploadFile, vmRss } from './upload';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RESULTS = path.join(root, 'bench/results/recording.md');
const ONLY = process.env.BENCH_RECORDING_ONLY;
const IN_FLIGHT = Number(process.env.BENCH_RECORDING_IN_FLIGHT ?? SCREEN_RECORDING.uploadsInFlight);
const UPLOAD_BYTES = 200 * 1024 * 1024;
const SECOND_SCREEN_OFFSET_MS = 1500;
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

/** CPU seconds of this process's children that have ended (ffmpeg, ffprobe): /proc/self/stat cutime + cstime. */
function childCpuSeconds(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const lines: string[] = [];
function say(line = '') {
  console.log(line);
  lines.push(line);
}

async function benchBuild() {
  const t = performance.now();
  const sources = await screens();
  const made = (performance.now() - t) / 1000;
  if (made > 1) say(`(made the two ${SCREEN_SECONDS} s screens in ${made.toFixed(0)} s, cached in ${CACHE})`);
  const outputPath = path.join(os.tmpdir(), `bench-recording-${process.pid}.mp4`);
  const loadBefore = load();
  const cpu0 = childCpuSeconds();
  const t0 = performance.now();
  const result = await composeScreenVideo({
    sources,
    offsetsMs: [0, SECOND_SCREEN_OFFSET_MS],
    durationSeconds: SCREEN_SECONDS,
    outputPath,
  });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = childCpuSeconds() - cpu0;
  const probe = await probeMedia(outputPath);
  fs.rmSync(outputPath, { force: true });
  const s = COMPOSE_SETTINGS;
  say(
    `build: two ${SCREEN_SECONDS} s 1920×1080 30 fps VP8 screens (${sources.map((f) => MB(fs.statSync(f).size)).join(' + ')}) → ` +
      `${result.width}×${result.height} ${s.fps} fps H.264 ${s.preset} crf ${s.crf} + AAC, ${MB(result.sizeBytes)}, ` +
      `${probe.durationSeconds.toFixed(2)} s, streams ${probe.streams.map((x) => x.codec).join('+')}`,
  );
  say(
    `  ${seconds.toFixed(1)} s = ${(seconds / SCREEN_SECONDS).toFixed(2)}× real time (goal ≤ 1×); ` +
      `ffmpeg CPU ${cpu.toFixed(0)} s (${(cpu / seconds).toFixed(2)} cores busy); ` +
      `load average ${loadBefore} before, ${load()} after`,
  );
  return seconds;
}

async function startBenchServer() {
  const dataDir = tempDataDir('sim-bench-recording-');
  const [port, pgPort] = [await freePort(), await freePort()];
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" to profile the server under the upload
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean);
  const server = startServer({ dataDir, port, pgPort, env: { LOG_LEVEL: 'warn', SEED_DEMO: 'false' }, nodeArgs });
  await server.ready;
  const state = readState(dataDir);
  if (!state) throw new Error('no embedded PostgreSQL state');
  const database = connectDatabase(`postgres://postgres:${state.password}@127.0.0.1:${pgPort}/simcentre`, 2);
  const tokens = new TokenService(deriveKey(resolveSecret(undefined, dataDir), 'jwt'), 8 * 60 * 60);
  const seed: Seed = { db: database.db, deps: { tokens, now: () => new Date() } };
  const company = await buildCompany(seed);
  const admin = await buildUser(seed, company, { role: ROLE_NAMES.admin });
  const learner = await buildUser(seed, company, { role: ROLE_NAMES.agent });
  const sim = await buildTakeSim(seed, admin, {
    levels: [{ order: 0, lines: SCRIPTED_LINES, fields: { screenRecording: true } }],
  });
  const assignment = await buildAssignment(seed, {
    companyId: company.companyId,
    simId: sim.simId,
    userId: learner.id,
    status: 'IN PROGRESS',
  });
  const newAttempt = async () =>
    (
      await buildAttempt(seed, {
        companyId: company.companyId,
        assignmentId: assignment.id,
        userId: learner.id,
        simId: sim.simId,
        simLevelId: sim.levels[0].id,
      })
    ).id;
  const token = await tokenFor(seed, learner);
  const stop = async () => {
    await database.close();
    server.proc.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, port, token, newAttempt, stop, pid: server.proc.pid as number };
}

type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/** The upload route answers (a 4xx for an empty form, not 404 for a missing route). */
async function routeReady(s: BenchServer): Promise<boolean> {
  const res = await fetch(`${s.server.url}${STREAM_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}` },
  });
  await res.text();
  return res.status !== 404;
}

async function benchUpload(s: BenchServer): Promise<UploadFigures> {
  const file = makeUploadFile(UPLOAD_BYTES);
  const f = await uploadFile({
    port: s.port,
    token: s.token,
    serverPid: s.pid,
    attemptId: await s.newAttempt(),
    file,
    fileName: 'screen-1.webm',
    inFlight: IN_FLIGHT,
  });
  if (f.received !== f.parts) throw new Error(`the server holds ${f.received} parts of ${f.parts}`);
  say(
    `upload: ${MB(f.bytes)} in ${f.parts} parts of ${SCREEN_RECORDING.chunkBytes / 1024} KiB, ${IN_FLIGHT} in flight over loopback: ` +
      `${f.seconds.toFixed(2)} s = ${f.mbPerSecond.toFixed(0)} MB/s (goal ≥ 100); part p50 ${f.p50.toFixed(1)} ms p99 ${f.p99.toFixed(1)} ms`,
  );
  say(
    `  server VmRSS idle ${MB(f.idleRss)}, peak ${MB(f.peakRss)}: +${MB(f.peakRss - f.idleRss)} (goal < 150 MB); ` +
      `server CPU ${f.serverCpuSeconds.toFixed(1)} s (${((f.serverCpuSeconds * 1000) / f.parts).toFixed(1)} ms a part); ` +
      `all ${f.received} parts acknowledged; load average ${load()}`,
  );
  return f;
}

async function call<T>(s: BenchServer, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${s.server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${s.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function benchServerBuild(s: BenchServer) {
  const sources = await screens();
  const attemptId = await s.newAttempt();
  const names = ['screen-1.webm', 'screen-2.webm'];
  for (const [i, file] of sources.entries()) {
    await uploadFile({
      port: s.port,
      token: s.token,
      serverPid: s.pid,
      attemptId,
      file,
      fileName: names[i],
      inFlight: IN_FLIGHT,
    });
  }
  const rss = rssSampler(s.pid);
  const idle = vmRss(s.pid);
  const loadBefore = load();
  const t0 = performance.now();
  const started = Date.now();
  await call(s, 'POST', `/api/v1/sims/build-screen-share-video?id=${attemptId}`, {
    sources: names,
    duration: SCREEN_SECONDS,
    stamps: [started, started + SECOND_SCREEN_OFFSET_MS],
  });
  let answer: {
    video_status: string | null;
    video_info: { duration: number; width: number; height: number; size: number } | null;
    error: string | null;
  };
  for (;;) {
    answer = await call(s, 'GET', `/api/v1/sims/get-video?id=${attemptId}`);
    if (answer.video_status !== 'processing') break;
    if (performance.now() - t0 > SCREEN_SECONDS * 4 * 1000) throw new Error('the video was not built in 4× real time');
    await new Promise((r) => setTimeout(r, 1000));
  }
  const seconds = (performance.now() - t0) / 1000;
  const { peak } = rss.stop();
  if (answer.video_status !== 'saved') throw new Error(`the build ended ${answer.video_status}: ${answer.error}`);
  const info = answer.video_info;
  say(
    `server: build-screen-share-video → saved in ${seconds.toFixed(1)} s = ${(seconds / SCREEN_SECONDS).toFixed(2)}× real time ` +
      `(${info?.width}×${info?.height}, ${info?.duration.toFixed(2)} s, ${MB(info?.size ?? 0)}); server VmRSS ${MB(idle)} → peak ${MB(peak)}; ` +
      `load average ${loadBefore} before, ${load()} after`,
  );
}

function writeResults() {
  const stamp = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const cpu = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`;
  const block = [
    '<!-- measured:start -->',
    `Last run ${stamp} UTC on ${cpu}, ffmpeg ${ffmpegVersion()}:`,
    '',
    '```',
    ...lines,
    '```',
    '<!-- measured:end -->',
  ].join('\n');
  const existing = fs.existsSync(RESULTS) ? fs.readFileSync(RESULTS, 'utf8') : '';
  const marked = /<!-- measured:start -->[\s\S]*<!-- measured:end -->/;
  const text = marked.test(existing)
    ? existing.replace(marked, block)
    : `# bench:recording — screen recording upload and video build\n\n\`npm run bench:recording\` (bench/recording/run.ts).\n\n${block}\n`;
  fs.writeFileSync(RESULTS, text);
  console.log(`\nwritten to ${path.relative(root, RESULTS)}`);
}

function ffmpegVersion(): string {
  try {
    return /ffmpeg version (\S+)/.exec(execFileSync('ffmpeg', ['-version'], { encoding: 'utf8' }))?.[1] ?? '?';
  } catch {
    return '?';
  }
}

async function main() {
  say(
    `bench:recording ${new Date().toISOString()} — ${os.cpus()[0]?.model} (${os.cpus().length} cores), load average ${load()}`,
  );
  if (!ONLY || ONLY === 'build') await benchBuild();
  if (!ONLY || ONLY === 'upload' || ONLY === 'server') {
    const s = await startBenchServer();
    try {
      if (!(await routeReady(s))) {
        say(`upload: ${STREAM_PATH} answers 404 on this build: the route is not there yet`);
      } else {
        if (!ONLY || ONLY === 'upload') await benchUpload(s);
        if (!ONLY || ONLY === 'server') await benchServerBuild(s);
      }
    } finally {
      await s.stop();
    }
  }
  writeResults();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
