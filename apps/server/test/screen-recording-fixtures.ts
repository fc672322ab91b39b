import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { screenRecordingFiles, screenRecordingParts, screenRecordingVideos } from '../src/db/schema/index';
import { runChecked } from '../src/lib/process';
import type { Caller, DbSeed, StaffedCompany } from './factories';
import { buildAssignment, buildAttempt, buildTakeSim, SCRIPTED_LINES } from './factories';

/**
 * Screen recordings for the API tests (issue 16): small real webm recordings made by ffmpeg (a test picture
 * and a tone), split into parts; a level that records the screen with an attempt of the company's agent; the
 * learner's upload and build calls; and what the tables and the blob folder hold.
 */

export const STREAM_URL = '/api/v1/sims/save-screen-share-stream';
export const buildUrl = (id: string) => `/api/v1/sims/build-screen-share-video?id=${id}`;
export const videoUrl = (id: string) => `/api/v1/sims/get-video?id=${id}`;
export const saveUrl = (id: string) => `/api/v1/sims/save-screen-share-video?id=${id}`;
export const RETENTION_URL = '/api/v1/company/screen-recording-retention';

async function inTemp<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-screen-test-'));
  try {
    return await run(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A webm of `seconds` as MediaRecorder makes one: VP8 picture (with a tone unless `silent`). */
export function makeWebm(seconds: number, opts: { size?: string; frequency?: number; silent?: boolean } = {}) {
  return inTemp(async (dir) => {
    const out = path.join(dir, 'screen.webm');
    const picture = ['-f', 'lavfi', '-i', `testsrc=size=${opts.size ?? '320x240'}:rate=30`];
    const tone = opts.silent ? [] : ['-f', 'lavfi', '-i', `sine=frequency=${opts.frequency ?? 440}`];
    const codecs = opts.silent ? ['-c:v', 'libvpx'] : ['-c:v', 'libvpx', '-c:a', 'libopus'];
    await runChecked('ffmpeg', ['-nostdin', '-v', 'error', ...picture, ...tone, '-t', String(seconds), ...codecs, out]);
    return fs.readFile(out);
  });
}

/** The bytes cut into parts of `size` (the last one shorter). */
export function split(data: Buffer, size: number): Buffer[] {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += size) parts.push(data.subarray(at, Math.min(data.length, at + size)));
  return parts;
}

export interface ProbedVideo {
  format: string;
  duration: number;
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
}

/** ffprobe's reading of a file. */
export function probe(data: Buffer): Promise<ProbedVideo> {
  return inTemp(async (dir) => {
    const file = path.join(dir, 'video.mp4');
    await fs.writeFile(file, data);
    const out = await runChecked('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=format_name,duration:stream=codec_type,codec_name,width,height',
      '-of',
      'json',
      file,
    ]);
    const json = JSON.parse(out.toString('utf8'));
    return { format: json.format.format_name, duration: Number(json.format.duration), streams: json.streams };
  });
}

/** A sim whose level records the screen (unless `screenRecording` is false), assigned to the agent, and an attempt. */
export async function recordedAttempt(
  seed: DbSeed,
  company: StaffedCompany,
  opts: { screenRecording?: boolean; user?: 'agent' | 'agent2' } = {},
) {
  const admin = company.users.admin;
  const sim = await buildTakeSim(seed, admin, {
    levels: [{ order: 0, lines: SCRIPTED_LINES, fields: { screenRecording: opts.screenRecording ?? true } }],
  });
  const learner = (company.users as Record<string, { id: string }>)[opts.user ?? 'agent'];
  const assignment = await buildAssignment(seed, {
    companyId: company.company.companyId,
    simId: sim.simId,
    userId: learner.id,
    status: 'IN PROGRESS',
  });
  const attempt = await buildAttempt(seed, {
    companyId: company.company.companyId,
    assignmentId: assignment.id,
    userId: learner.id,
    simId: sim.simId,
    simLevelId: sim.levels[0].id,
  });
  return { sim, assignment, attempt };
}

export interface PartForm {
  id: string;
  chunkNumber: number | string;
  totalChunks: number | string;
  fileName?: string;
  fileType?: string;
  originalname?: string;
  data: Buffer;
  /** the part's own content type (the browser's blob type) */
  contentType?: string;
}

/** One part of a screen, as the page sends it (the file first, then the fields, as FormData orders them). */
export function sendPart(as: Caller, p: PartForm) {
  return as.form(
    STREAM_URL,
    {
      id: p.id,
      chunkNumber: String(p.chunkNumber),
      totalChunks: String(p.totalChunks),
      originalname: p.originalname ?? 'blob',
      fileName: p.fileName ?? 'screen-1.webm',
      fileType: p.fileType ?? 'video/webm;codecs=vp8,opus',
    },
    [{ field: 'chunkData', filename: 'blob', contentType: p.contentType ?? 'video/webm', data: p.data }],
  );
}

/** Sends every part of `data` (cut at `partBytes`) in the order given (default in order); answers the answers. */
export async function sendAll(
  as: Caller,
  id: string,
  parts: Buffer[],
  opts: { fileName?: string; order?: number[] } = {},
) {
  const order = opts.order ?? parts.map((_, i) => i);
  const answers = [];
  for (const i of order) {
    // while recording the total is not known: chunkNumber + 1; the last part tells the final count
    const total = i === parts.length - 1 ? parts.length : i + 1;
    answers.push(
      await sendPart(as, { id, chunkNumber: i, totalChunks: total, fileName: opts.fileName, data: parts[i] }),
    );
  }
  return answers;
}

/** What the tables hold of an attempt's recording. */
export async function storedRows(seed: DbSeed, attemptId: string) {
  const files = await seed.db
    .select()
    .from(screenRecordingFiles)
    .where(eq(screenRecordingFiles.attemptId, attemptId))
    .orderBy(screenRecordingFiles.fileName);
  const parts = await seed.db
    .select()
    .from(screenRecordingParts)
    .where(eq(screenRecordingParts.attemptId, attemptId))
    .orderBy(screenRecordingParts.fileName, screenRecordingParts.chunkNumber);
  const [video] = await seed.db
    .select()
    .from(screenRecordingVideos)
    .where(eq(screenRecordingVideos.attemptId, attemptId));
  return { files, parts, video: video ?? null };
}

export async function partRowCount(seed: DbSeed, attemptId: string, fileName: string) {
  const [row] = await seed.db
    .select({ n: sql<number>`count(*)::int` })
    .from(screenRecordingParts)
    .where(and(eq(screenRecordingParts.attemptId, attemptId), eq(screenRecordingParts.fileName, fileName)));
  return row.n;
}

/** Every file under the blob folder of an attempt's recording (relative paths, sorted). */
export async function blobFiles(blobRoot: string, companyId: string, attemptId: string): Promise<string[]> {
  const root = path.join(blobRoot, 'screen-recordings', companyId, attemptId);
  const out: string[] = [];
  const walk = async (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else out.push(path.relative(root, full));
    }
  };
  await walk(root);
  return out.sort();
}
