import {
  evidenceFromSpotted,
  gradeLine,
  KeywordEntryError,
  recognitionHints,
  SPEECH_LIMITS,
  SPEECH_MESSAGES,
  sameRecognitionHints,
  spottedOf,
  type TPhraseEvidence,
  type TTranscriptWord,
} from '@sim/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { jobs, simScripts, sims } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { insertClaimedJob, runClaimedHere } from '../../jobs/queue';
import { type JobHandler, type JobLogger, type JobRow, RetryLater } from '../../jobs/types';
import { AppError, RateLimited } from '../../lib/errors';
import {
  queueAdaptationIfDue,
  type StreamFinal,
  speakerOf,
  streamMatchesUpload,
  takeStreamFinal,
  transcribe,
} from '../speech/service';
import * as repo from './repository';
import { passedLineCount } from './speech-samples';

/**
 * Grading a learner's recording (DECISIONS.md sections 5 and 6). The upload stores the MP3, sets the line
 * Pending and writes this job in the same transaction; after the commit this instance's worker runs it at
 * once (a job claimed at birth, like the emails: no other instance can take it meanwhile, and if this one
 * dies first the stale-heartbeat sweep gives it to another). The job decodes the whole recording again,
 * biased toward the line (its text and keywords: a bias, never a closed grammar), grades the transcript
 * with the shared gradeLine and marks the line Completed.
 * - An empty decode (silence) is graded as an empty transcript: every keyword missed, not a failure.
 * - Audio the recogniser cannot read, or keywords that no longer parse: the line is Failed and the reason
 *   logged; the job ends done (there is nothing to retry).
 * - The recogniser unavailable, or anything unexpected: retried after LINE_GRADING_RETRY_MS, then the line
 *   is Failed and the job failed.
 * - A recording replaced or cleared (Retry) meanwhile: the job's result is dropped (each write is guarded
 *   by the recording's key).
 */
export const LINE_GRADING_JOB_KIND = 'attempt-line-grade';
export const LINE_GRADING_RETRY_MS = [5_000, 30_000] as const;

const ZPayload = z.object({
  line_id: z.string(),
  audio_key: z.string(),
  /** the take's live stream, when the upload named one */
  stream_id: z.string().optional(),
  /** the recording's length in seconds (from its MP3) */
  seconds: z.number().optional(),
});

/** How long the job waits for a stream's final that is still being made. */
export const STREAM_FINAL_WAIT_MS = 3_000;
/** A stream that received less than the recording minus this is not used (it missed part of the take). */
export const STREAM_COVERAGE_SLACK_SECONDS = 0.5;

/** Writes the grading job of a line's recording; call it inside the upload's transaction. */
export function queueLineGrading(
  tx: DbOrTx,
  owner: { companyId: string; userId: string },
  line: { id: string; audioKey: string; streamId?: string; seconds?: number },
): Promise<JobRow> {
  return insertClaimedJob(tx, {
    companyId: owner.companyId,
    kind: LINE_GRADING_JOB_KIND,
    payload: { line_id: line.id, audio_key: line.audioKey, stream_id: line.streamId, seconds: line.seconds },
    createdBy: owner.userId,
    total: 1,
  });
}

/**
 * The learner's room in the decoders' queue (issue 32, fair shares): the seconds of their recordings queued or
 * being graded, on every instance, plus this one, at most SPEECH_LIMITS.maxQueuedDecodeSeconds; else 429. In
 * the upload's transaction, under a lock of the learner's own (two uploads at once cannot both take the last
 * room); `seconds` 0 asks whether any room is left, before the recording is converted.
 */
export async function assertDecodeQueueRoom(
  tx: DbOrTx,
  owner: { companyId: string; userId: string },
  seconds: number,
  opts: { lock?: boolean } = {},
): Promise<void> {
  if (opts.lock) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`decode-queue:${owner.userId}`}))`);
  const [row] = await tx
    .select({ seconds: sql<number>`coalesce(sum((${jobs.payload}->>'seconds')::float8), 0)::float8` })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, owner.companyId),
        eq(jobs.createdBy, owner.userId),
        eq(jobs.kind, LINE_GRADING_JOB_KIND),
        inArray(jobs.status, ['queued', 'running']),
      ),
    );
  const queued = Number(row?.seconds ?? 0);
  const limit = SPEECH_LIMITS.maxQueuedDecodeSeconds;
  if (seconds > 0 ? queued + seconds > limit : queued >= limit) throw RateLimited(SPEECH_MESSAGES.decodeQueueFull);
}

/** After the commit: this instance's worker grades the line; the caller does not wait. */
export function runLineGrading(deps: AppDeps, queued: readonly JobRow[]): void {
  runClaimedHere(deps, queued);
}

/**
 * The stream's final, when it may grade this take: the learner's own stream (takeStreamFinal checks the
 * owner), biased with the line's hints, holding the whole recording, and having heard the recording that
 * was uploaded (issue 30): the upload is decoded to 16 kHz PCM and compared with the stream's envelope
 * (speech/stream-match.ts). A stream that heard other audio (a reading streamed, silence uploaded) or an
 * upload that cannot be compared is logged and not used: the upload is decoded and graded.
 */
export async function usableStreamFinal(
  deps: AppDeps,
  take: { streamId?: string; seconds?: number; userId: string; audioKey: string },
  script: Pick<repo.ScriptRow, 'script' | 'keywords' | 'tests'>,
  log?: JobLogger,
): Promise<StreamFinal | null> {
  if (!take.streamId) return null;
  const final = await takeStreamFinal(deps, take.streamId, take.userId, STREAM_FINAL_WAIT_MS);
  if (!final || !sameRecognitionHints(final.hints, recognitionHints(script))) return null;
  if (take.seconds !== undefined && final.audioSeconds < take.seconds - STREAM_COVERAGE_SLACK_SECONDS) return null;
  const about = { streamId: take.streamId, audioKey: take.audioKey };
  try {
    const stored = await deps.blobs.get(take.audioKey);
    if (!stored) return null;
    const match = await streamMatchesUpload(final, stored.data);
    if (match.same) return final;
    log?.warn({ ...about, match }, 'the live stream did not hear the uploaded recording: the upload is graded');
  } catch (err) {
    log?.warn({ ...about, err }, 'the upload could not be compared with its live stream: the upload is graded');
  }
  return null;
}

async function scriptOf(db: DbOrTx, companyId: string, scriptId: string): Promise<repo.ScriptRow | null> {
  const [row] = await db
    .select({ script: simScripts })
    .from(simScripts)
    .innerJoin(sims, eq(sims.id, simScripts.simId))
    .where(and(eq(simScripts.id, scriptId), eq(sims.companyId, companyId)));
  return row?.script ?? null;
}

export const lineGradingJob: JobHandler<AppDeps> = async ({ job, deps, log }) => {
  const { line_id: lineId, audio_key: audioKey, stream_id: streamId, seconds } = ZPayload.parse(job.payload);
  const guard = { audioKey };
  const found = await repo.findLine(deps.db, job.companyId, lineId);
  if (!found || found.line.audioKey !== audioKey) return { outcome: 'replaced' };

  const fail = async (reason: string, err?: unknown) => {
    log.warn({ err, jobId: job.id, lineId, reason }, 'a recorded line could not be graded');
    await repo.updateLine(deps.db, lineId, { status: 'Failed', gradedAt: deps.now() }, guard);
    return { outcome: 'Failed', reason };
  };

  const script = await scriptOf(deps.db, job.companyId, found.line.simScriptId);
  if (!script) return { outcome: 'replaced' }; // the script was deleted: its lines went with it
  const take = { streamId, seconds, userId: found.attempt.userId, audioKey };
  const live = await usableStreamFinal(deps, take, script, log);
  let transcript: string;
  let words: TTranscriptWord[];
  /** keyword alternatives the recogniser found beyond its 1-best text (issue 14) */
  let spotted: string[] | undefined;
  /** what the recognisers heard of each keyword phrase, where, how sure (issue 30) */
  let evidence: TPhraseEvidence[] | undefined;
  try {
    if (live) {
      ({ text: transcript, words, spotted, evidence } = live.transcript);
    } else {
      const stored = await deps.blobs.get(audioKey);
      if (!stored) return fail('the recording is not in the file store');
      // the learner's speaker adaptation, once they have one (speech/adaptation.ts)
      const speaker = await speakerOf(deps.db, job.companyId, found.attempt.userId);
      ({
        text: transcript,
        words,
        spotted,
        evidence,
      } = await transcribe(deps, stored.data, {
        ...recognitionHints(script),
        speaker,
        // the decoders' fair turn is the learner's, in their company; the line's id tells its place in the queue
        owner: { companyId: job.companyId, userId: found.attempt.userId },
        tag: lineId,
      }));
    }
  } catch (err) {
    if (err instanceof AppError && err.code === 'INVALID') return fail('the recording could not be decoded', err);
    const delay = LINE_GRADING_RETRY_MS[job.attempts - 1];
    if (delay !== undefined) throw new RetryLater(delay, { cause: err });
    await fail('speech recognition failed', err);
    throw err;
  }

  // what the recognisers heard of the keyword phrases (issue 30), kept with the line; from a recogniser that
  // does not report it, made from `spotted` by the one fallback, evidenceFromSpotted
  const phraseEvidence = evidence ?? evidenceFromSpotted({ expected: script.script, transcript, words, spotted });
  let graded: ReturnType<typeof gradeLine>;
  try {
    graded = gradeLine({
      transcript,
      keywords: script.keywords,
      tests: script.tests,
      natural_lenguage: script.naturalLenguage,
      overalConfidence: script.overalConfidence,
      spotted: spottedOf(phraseEvidence),
    });
  } catch (err) {
    if (err instanceof KeywordEntryError) return fail(`the line's keywords do not parse: ${err.message}`, err);
    throw err;
  }
  const kept = await repo.updateLine(
    deps.db,
    lineId,
    {
      transcription: transcript,
      words,
      gradedFrom: live ? 'stream' : 'upload',
      correctKeywords: graded.correctKeywords,
      missedKeywords: graded.missedKeywords,
      testsMatched: graded.tests_matched,
      missedTests: graded.missed_tests,
      phraseEvidence,
      keywordOverrides: [],
      gradeScore: graded.grade_score,
      passed: graded.passed,
      status: 'Completed',
      gradedAt: deps.now(),
    },
    guard,
  );
  if (!kept) return { outcome: 'replaced' };
  if (graded.passed)
    await queueAdaptationIfDue(deps, job.companyId, found.attempt.userId, passedLineCount).catch((err) =>
      log.warn({ err, jobId: job.id, lineId }, 'speaker adaptation could not be queued'),
    );
  return {
    outcome: 'Completed',
    from: live ? 'stream' : 'upload',
    grade_score: graded.grade_score,
    passed: graded.passed,
  };
};
