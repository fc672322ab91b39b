import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { jobs, speakerAdaptations, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { enqueue } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/types';
import { NotEnoughSpeechError } from './engines/pocketsphinx/stt-adapt';
import { type AdaptationSample, EngineUnavailableError, type SpeakerProfile } from './engines/types';

/**
 * Speaker adaptation of each learner (issue 14, "speaker adaptation from a learner's earlier recordings"):
 * once a learner has ADAPTATION.firstAfter passed lines, a job estimates the engine's transform for their
 * voice from their latest passed recordings and the lines they said (a passed line was said as written, so
 * its text is a trustworthy transcript), keeps it in speaker_adaptations, and every later decode of theirs
 * (a stream, an upload's grading, Try Test is an author's, not adapted) uses it. It is estimated again after
 * ADAPTATION.again more passed lines, from the latest ADAPTATION.recordings. On the robustness bench, 48
 * earlier sentences of an accent the model was never trained on raised its keyword recall in noise by 10-17
 * points (bench/results/speech.md).
 */
export const ADAPTATION = {
  /** passed lines a learner needs before the first adaptation */
  firstAfter: 10,
  /** passed lines after which it is estimated again */
  again: 20,
  /** the latest passed recordings it is estimated from */
  recordings: 48,
} as const;

export const ADAPTATION_JOB_KIND = 'speech-adaptation';

const ZPayload = z.object({ user_id: z.string().uuid(), lines_seen: z.number().int().min(0) });

/** The learner's transform, for RecognitionHints.speaker; undefined when they have none yet. */
export async function speakerOf(db: DbOrTx, companyId: string, userId: string): Promise<SpeakerProfile | undefined> {
  const [row] = await db
    .select({ mllr: speakerAdaptations.mllr })
    .from(speakerAdaptations)
    .where(and(eq(speakerAdaptations.userId, userId), eq(speakerAdaptations.companyId, companyId)));
  return row;
}

/**
 * After a learner's line passed: queues their adaptation when it is due (ADAPTATION.firstAfter passed lines,
 * then ADAPTATION.again more since the last one queued) and none is waiting or running. One decision at a
 * time per learner (an advisory lock of the transaction), so two lines graded at once queue one job.
 * Answers whether it queued one. Nothing is queued when the engine cannot adapt.
 */
export async function queueAdaptationIfDue(
  deps: AppDeps,
  companyId: string,
  userId: string,
  /** the attempts module's count of the learner's passed recorded lines (attempts/speech-samples.ts) */
  passedLineCount: PassedLineCount,
): Promise<boolean> {
  if (!deps.speech.stt.adaptSpeaker) return false;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${ADAPTATION_JOB_KIND}:${userId}`}, 0))`);
    const [last] = await tx
      .select({ status: jobs.status, payload: jobs.payload })
      .from(jobs)
      .where(
        and(
          eq(jobs.companyId, companyId),
          eq(jobs.kind, ADAPTATION_JOB_KIND),
          sql`${jobs.payload}->>'user_id' = ${userId}`,
        ),
      )
      .orderBy(desc(jobs.createdAt))
      .limit(1);
    if (last && (last.status === 'queued' || last.status === 'running')) return false;
    const seen = await passedLineCount(tx, companyId, userId);
    const before = last ? ZPayload.safeParse(last.payload) : undefined;
    const due = before?.success ? seen >= before.data.lines_seen + ADAPTATION.again : seen >= ADAPTATION.firstAfter;
    if (!due) return false;
    await enqueue(tx, {
      companyId,
      kind: ADAPTATION_JOB_KIND,
      payload: { user_id: userId, lines_seen: seen },
      createdBy: null,
    });
    return true;
  });
}

/** The learner's passed recorded lines, counted by the attempts module (attempts/speech-samples.ts). */
export type PassedLineCount = (db: DbOrTx, companyId: string, userId: string) => Promise<number>;
/** The learner's latest passed recordings with their lines' text, read by the attempts module. */
export type PassedRecordings = (
  deps: AppDeps,
  companyId: string,
  userId: string,
  limit: number,
) => Promise<AdaptationSample[]>;

/**
 * The job that estimates a learner's transform from their latest passed recordings and keeps it; the
 * recordings come from the attempts module (jobs/registry.ts hands its reader in).
 */
export const adaptationJob =
  (passedRecordings: PassedRecordings): JobHandler<AppDeps> =>
  async ({ job, deps, log }) => {
    const { user_id: userId, lines_seen: linesSeen } = ZPayload.parse(job.payload);
    const adapt = deps.speech.stt.adaptSpeaker?.bind(deps.speech.stt);
    if (!adapt) return { outcome: 'the speech engine does not adapt to speakers' };
    const samples: AdaptationSample[] = await passedRecordings(deps, job.companyId, userId, ADAPTATION.recordings);
    let adaptation: Awaited<ReturnType<typeof adapt>>;
    try {
      adaptation = await adapt(samples);
    } catch (err) {
      // the tools are not installed here: nothing to retry
      if (err instanceof EngineUnavailableError) return { outcome: 'unavailable', reason: err.message };
      if (!(err instanceof NotEnoughSpeechError)) throw err;
      log.info({ jobId: job.id, userId, reason: err.message }, 'speaker adaptation: not enough usable speech yet');
      return { outcome: 'not enough speech', recordings: samples.length, reason: err.message };
    }
    const now = deps.now();
    // the learner may have been deleted meanwhile: the row is written only while they are there
    await deps.db.execute(sql`
    insert into ${speakerAdaptations} (user_id, company_id, mllr, recordings, lines_seen, updated_at)
    select u.id, u.company_id, ${adaptation.mllr}, ${adaptation.used}, ${Math.max(linesSeen, adaptation.used)}, ${now}
    from ${users} u where u.id = ${userId} and u.company_id = ${job.companyId}
    on conflict (user_id) do update set mllr = excluded.mllr, recordings = excluded.recordings,
      lines_seen = excluded.lines_seen, updated_at = excluded.updated_at`);
    return { outcome: 'adapted', recordings: adaptation.used, of: samples.length };
  };
