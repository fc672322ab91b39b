import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { attemptLines, simScripts } from '../../src/db/schema/index';
import type { JobLogger } from '../../src/jobs/types';
import { JobWorker } from '../../src/jobs/worker';
import { runChecked } from '../../src/lib/process';
import { mp3OutputArgs } from '../../src/modules/speech/service';
import { VOICE_SERVICE_JOB_KIND, voiceServiceJob } from '../../src/modules/voice-service/service';
import type { TestContext } from './app';
import { buildAssignment } from './assignments';
import { buildAttempt, buildTakeSim } from './attempts';
import type { DbSeed, StaffOptions } from './company';
import { staffedCompany, testApp } from './hooks';
import type { Author } from './sims';
import { unique } from './values';

/**
 * The hand-off to the external voice-recording service: tone clips of known length, a level whose lines
 * carry them (character clips on the scripts, the learner's recordings on the attempt's lines), a local
 * receiver standing in for the service, and a worker that runs only the hand-off jobs (for the retries).
 * `voiceServiceSuite` sets up a describe block.
 */

async function inTemporaryFolder<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-voice-'));
  try {
    return await run(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A tone of `seconds` as the app's MP3 (mono, 22.05 kHz), made by ffmpeg. */
export function toneMp3(seconds: number, frequency = 440): Promise<Buffer> {
  return inTemporaryFolder(async (dir) => {
    const out = path.join(dir, 'tone.mp3');
    const tone = `sine=frequency=${frequency}:duration=${seconds}`;
    await runChecked('ffmpeg', ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', tone, ...mp3OutputArgs(), out]);
    return fs.readFile(out);
  });
}

/** ffprobe's reading of an audio file: its format, codec, sample rate, channels and duration (s). */
export function probeAudio(data: Buffer) {
  return inTemporaryFolder(async (dir) => {
    const file = path.join(dir, 'audio');
    await fs.writeFile(file, data);
    const entries = 'format=format_name,duration:stream=codec_name,sample_rate,channels';
    const out = await runChecked('ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'json', file]);
    const json = JSON.parse(out.toString('utf8'));
    const stream = json.streams?.[0] ?? {};
    return {
      format: String(json.format?.format_name ?? ''),
      codec: String(stream.codec_name ?? ''),
      sampleRate: Number(stream.sample_rate),
      channels: Number(stream.channels),
      duration: Number(json.format?.duration),
    };
  });
}

/** The level lines of a hand-off sim: each with its speaker, its text and the length of its clip (s). */
export const HAND_OFF_LINES = [
  ['customer', 'Hi, I would like to book a visit with a cardiologist.', 1.0],
  ['agent', 'I can schedule your appointment with the cardiologist on Monday morning.', 0.8],
  ['customer', 'That works. What do I need to bring?', 1.5],
  ['agent', 'Please bring your insurance card and a photo ID to the front desk.', 1.2],
] as const;

export interface HandOffAttempt {
  simId: string;
  levelId: string;
  levelOrder: number;
  assignmentId: string;
  attemptId: string;
  userId: string;
  /** the seconds of audio the merge should hold */
  seconds: number;
}

/** One tone clip per length of HAND_OFF_LINES, by length (a different pitch each). */
export async function handOffClips(): Promise<Map<number, Buffer>> {
  const clips = new Map<number, Buffer>();
  for (const [i, [, , seconds]] of HAND_OFF_LINES.entries()) clips.set(seconds, await toneMp3(seconds, 300 + 100 * i));
  return clips;
}

/**
 * A completed attempt of a level of order `order` (2 unless told) whose lines have audio: the character
 * lines a generated clip each, the agent lines the learner's recording (the lengths of HAND_OFF_LINES).
 * `levelFlag` / `resultFlag`: send_to_snowfly on the level / the attempt. `skip`: indexes of lines left
 * without audio. The clips come from `clips` (made once per file with `handOffClips`).
 */
export async function buildHandOffAttempt(
  seed: DbSeed & Pick<TestContext, 'deps'>,
  author: Author,
  learner: { id: string },
  clips: Map<number, Buffer>,
  opts: { order?: number; levelFlag?: boolean; resultFlag?: boolean; skip?: number[]; status?: string } = {},
): Promise<HandOffAttempt> {
  const order = opts.order ?? 2;
  const sim = await buildTakeSim(seed, author, {
    levels: [
      {
        order,
        lines: HAND_OFF_LINES.map(([type, text]) => [type, text] as const),
        fields: { sendToSnowfly: opts.levelFlag ?? true },
      },
    ],
  });
  const [level] = sim.levels;
  const assignment = await buildAssignment(seed, {
    companyId: author.companyId,
    simId: sim.simId,
    userId: learner.id,
    status: 'COMPLETED',
  });
  const attempt = await buildAttempt(seed, {
    companyId: author.companyId,
    assignmentId: assignment.id,
    userId: learner.id,
    simId: sim.simId,
    simLevelId: level.id,
    status: (opts.status ?? 'completed') as 'completed',
    completedAt: new Date(),
    sendToSnowfly: opts.resultFlag ?? false,
  });
  let seconds = 0;
  for (const [i, script] of level.scripts.entries()) {
    const [type, , length] = HAND_OFF_LINES[i];
    if (opts.skip?.includes(i)) continue;
    const key = `test-voice/${unique('clip')}.mp3`;
    const clip = clips.get(length);
    if (!clip) throw new Error(`no clip of ${length} s: make them with handOffClips()`);
    await seed.deps.blobs.put(key, clip, 'audio/mpeg');
    seconds += length;
    if (type === 'agent')
      await seed.db
        .insert(attemptLines)
        .values({ attemptId: attempt.id, simScriptId: script.id, audioKey: key, status: 'Completed' });
    else await seed.db.update(simScripts).set({ audioKey: key }).where(eq(simScripts.id, script.id));
  }
  return {
    simId: sim.simId,
    levelId: level.id,
    levelOrder: order,
    assignmentId: assignment.id,
    attemptId: attempt.id,
    userId: learner.id,
    seconds,
  };
}

/** What the receiver got: the headers, the text fields and the file of one post. */
export interface ReceivedPost {
  headers: http.IncomingHttpHeaders;
  fields: Record<string, string>;
  file: { name: string; type: string; data: Buffer } | null;
}

/** How the receiver answers a post: a status and a JSON body, after `delayMs`. */
export interface ReceiverAnswer {
  status: number;
  body?: unknown;
  delayMs?: number;
}

/**
 * A stand-in for the external voice-recording service: a node http server on a free port of 127.0.0.1
 * that reads each multipart post (with the platform's own form parser) and answers what `respond` set
 * (200 with `{snowflyId: "sf-<responseId>"}` unless told). Every post is kept in `posts`.
 */
export async function startReceiver() {
  const posts: ReceivedPost[] = [];
  const accept = (post: ReceivedPost): ReceiverAnswer => ({
    status: 200,
    body: { snowflyId: `sf-${post.fields.responseId}` },
  });
  let answer: (post: ReceivedPost, n: number) => ReceiverAnswer = accept;
  const receiver = {
    posts,
    url: '',
    /** how the next posts are answered (`n`: the post's number among those of its attempt, from 1) */
    respond: (fn: (post: ReceivedPost, n: number) => ReceiverAnswer) => {
      answer = fn;
    },
    /** back to 200 with `{snowflyId: "sf-<responseId>"}` */
    reset: () => {
      answer = accept;
    },
    /** the posts of one attempt */
    of: (responseId: string) => posts.filter((p) => p.fields.responseId === responseId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': req.headers['content-type'] ?? '' },
    })
      .formData()
      .catch(() => null);
    const post: ReceivedPost = { headers: req.headers, fields: {}, file: null };
    for (const [name, value] of form ?? []) {
      if (typeof value === 'string') post.fields[name] = value;
      else post.file = { name: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) };
    }
    posts.push(post);
    const reply = answer(post, receiver.of(post.fields.responseId).length);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed) return;
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body ?? {}));
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/snowfly/upload`;
  return receiver;
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * A worker of the test app that runs only hand-off jobs, polling often: it takes the retries the queue
 * holds back (the app's own worker does not poll under NODE_ENV=test). Only the file that starts it may
 * queue hand-off retries (the API files share one database). `errors` keeps what it logged as errors.
 */
export function handOffWorker(ctx: TestContext) {
  const errors: { obj: object; msg: string }[] = [];
  const log: JobLogger = { info: () => {}, warn: () => {}, error: (obj, msg) => errors.push({ obj, msg }) };
  const worker = new JobWorker({
    db: ctx.db,
    deps: ctx.deps,
    log,
    pollMs: 50,
    handlers: { [VOICE_SERVICE_JOB_KIND]: voiceServiceJob },
  });
  return { worker, errors };
}

/**
 * The describe-block setup of the hand-off tests: the receiver (started first), the app pointed at it
 * (VOICE_SERVICE_URL; `env` adds or overrides, e.g. VOICE_SERVICE_RETRY_DELAYS_MS), two staffed companies
 * and the tone clips.
 */
export function voiceServiceSuite<const O extends StaffOptions = { agent2: true }>(
  env: Record<string, string> = {},
  staff?: O,
) {
  const receiver = {} as Receiver;
  const appEnv: Record<string, string> = {};
  const clips = new Map<number, Buffer>();
  beforeAll(async () => {
    Object.assign(receiver, await startReceiver());
    Object.assign(appEnv, { VOICE_SERVICE_URL: receiver.url, VOICE_SERVICE_TIMEOUT_MS: '5000', ...env });
    for (const [seconds, clip] of await handOffClips()) clips.set(seconds, clip);
  });
  afterAll(async () => {
    await receiver.close?.();
  });
  const ctx = testApp(appEnv);
  const a = staffedCompany(ctx, staff ?? ({ agent2: true } as O));
  const b = staffedCompany(ctx, staff ?? ({ agent2: true } as O));
  return { ctx, a, b, receiver, clips };
}
