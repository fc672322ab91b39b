import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ATTEMPT_MESSAGES, RECORDED_AUDIO_MIME_PREFIXES, UPLOAD_MESSAGES, ZLineUploadFields } from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { AppError, Invalid } from '../../lib/errors';
import type { UploadedFile } from '../../lib/multipart';
import { assertCanWriteAttempt, assertCanWriteLine } from '../../policies/attempt';
import * as pending from '../files/service';
import { convertToMp3, parseOr400 } from '../sims/service';
import {
  EngineUnavailableError,
  ImplausibleAudioError,
  inspectAudio,
  MP3_BYTES_PER_SECOND,
  UnsupportedAudioError,
} from '../speech/service';
import { learnerScript } from './access';
import { assertDecodeQueueRoom, queueLineGrading, runLineGrading } from './grading-job';
import * as repo from './repository';

/** Where a learner's recording of a line is kept: one key per recording (a new take never reuses a URL). */
export function recordingKey(companyId: string, attemptId: string, scriptId: string): string {
  return `attempts/${companyId}/${attemptId}/${scriptId}-${crypto.randomUUID()}.mp3`;
}

function isRecordedAudio(mimetype: string): boolean {
  const type = mimetype.toLowerCase();
  return RECORDED_AUDIO_MIME_PREFIXES.some((prefix) => type.startsWith(prefix));
}

/**
 * The recording as the app's MP3 (mono, 22.05 kHz): 400 for what is not audio or whose header does not fit
 * its data (a WAV saying 1 Hz, or more bytes than it has: issue 32; checked before ffmpeg runs, so the MP3,
 * and the grading's decode of it, is never longer than the upload holds), 503 without ffmpeg.
 */
async function toMp3(
  deps: AppDeps,
  audio: Buffer,
): Promise<{ file: string; seconds: number; done: () => Promise<void> }> {
  const base = path.join(deps.config.dataDir, 'tmp');
  await fs.mkdir(base, { recursive: true });
  const dir = await fs.mkdtemp(path.join(base, 'take-'));
  const done = () => fs.rm(dir, { recursive: true, force: true });
  try {
    const input = path.join(dir, 'recording');
    const output = path.join(dir, 'take.mp3');
    await fs.writeFile(input, audio);
    await inspectAudio(audio, input);
    await convertToMp3(input, output);
    // the app's MP3 is constant bit rate (MP3_BITRATE): its length in seconds follows from its size
    const seconds = (await fs.stat(output)).size / MP3_BYTES_PER_SECOND;
    return { file: output, seconds, done };
  } catch (err) {
    await done();
    if (err instanceof ImplausibleAudioError) throw Invalid(err.message, 'audio_blob');
    if (err instanceof UnsupportedAudioError) throw Invalid(UPLOAD_MESSAGES.audioUnreadable, 'audio_blob');
    if (err instanceof EngineUnavailableError) throw new AppError('UNAVAILABLE', UPLOAD_MESSAGES.uploadUnavailable);
    throw err;
  }
}

/**
 * The learner's recording of an agent line (POST grade-transcription with an attempt id): the caller's own
 * started attempt (404 / 409), an agent line of its level (400) that is the learner's turn there (422 on a
 * level the learner only listens to, issue 31), a recording of an audio type (415) that
 * ffmpeg reads (400). The MP3 goes to the file store; in one transaction the line (made if needed) takes
 * the recording and the live transcript, back to Pending with no result, and the grading job is written.
 * Answers the line id at once; the job grades after the commit. The line's previous recording is deleted.
 */
export async function recordLine(
  deps: AppDeps,
  actor: Actor,
  fields: Record<string, string | undefined>,
  file: UploadedFile | null,
): Promise<{ id: string }> {
  const body = parseOr400(ZLineUploadFields, fields);
  const attempt = await repo.findAttempt(deps.db, actor.companyId, body.sim_level_user_response);
  assertCanWriteAttempt(actor, attempt);
  const script = await learnerScript(deps.db, attempt, body.script_id, 'script_id');
  if (!file) throw Invalid(UPLOAD_MESSAGES.fileMissing('audio_blob'), 'audio_blob');
  if (!isRecordedAudio(file.mimetype)) throw new AppError('UNSUPPORTED_TYPE', UPLOAD_MESSAGES.audioType);

  // no room left in the learner's share of the decoders: refused before the recording is converted
  await assertDecodeQueueRoom(deps.db, actor, 0);
  const mp3 = await toMp3(deps, file.bytes);
  const key = recordingKey(actor.companyId, attempt.id, script.id);
  try {
    await pending.pend(deps.db, key); // a crash before the line names the file leaves it to the sweep
    await deps.blobs.putFile(key, mp3.file, 'audio/mpeg');
  } finally {
    await mp3.done();
  }
  let saved: { lineId: string; previous: string | null; job: Awaited<ReturnType<typeof queueLineGrading>> };
  try {
    saved = await deps.db.transaction(async (tx) => {
      const current = await repo.findAttempt(tx, actor.companyId, attempt.id, { lock: true });
      assertCanWriteAttempt(actor, current);
      await assertDecodeQueueRoom(tx, actor, mp3.seconds, { lock: true });
      const line = await repo.upsertLine(tx, current.id, script.id);
      await repo.updateLine(tx, line.id, {
        ...repo.CLEARED_LINE,
        audioKey: key,
        liveTranscript: body.transcribed_text?.trim() ?? '',
        recordedAt: deps.now(),
      });
      const job = await queueLineGrading(tx, actor, {
        id: line.id,
        audioKey: key,
        streamId: body.stream_id,
        seconds: mp3.seconds,
      });
      await pending.settle(tx, key);
      if (line.audioKey) await pending.pend(tx, line.audioKey);
      return { lineId: line.id, previous: line.audioKey, job };
    });
  } catch (err) {
    await pending.deleteSettled(deps, key);
    throw err;
  }
  runLineGrading(deps, [saved.job]);
  if (saved.previous) await pending.deleteSettled(deps, saved.previous);
  return { id: saved.lineId };
}

/**
 * Retry: the line goes back to Pending with no recording, transcript or result, and its stored recording
 * is deleted. A grading job still running for it finds its recording gone and drops its result.
 */
export async function retryLine(deps: AppDeps, actor: Actor, lineId: string): Promise<string> {
  assertCanWriteLine(actor, await repo.findLine(deps.db, actor.companyId, lineId));
  const previous = await deps.db.transaction(async (tx) => {
    // the attempt first, as every change of an attempt's lines locks it (then the line is read again)
    const before = await repo.findLine(tx, actor.companyId, lineId);
    if (before) await repo.findAttempt(tx, actor.companyId, before.attempt.id, { lock: true });
    const found = await repo.findLine(tx, actor.companyId, lineId);
    assertCanWriteLine(actor, found);
    await repo.updateLine(tx, found.line.id, repo.CLEARED_LINE);
    if (found.line.audioKey) await pending.pend(tx, found.line.audioKey);
    return found.line.audioKey;
  });
  if (previous) await pending.deleteSettled(deps, previous);
  return ATTEMPT_MESSAGES.lineCleared;
}
