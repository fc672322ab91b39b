import crypto from 'node:crypto';
import type { TAttemptInput, TTranscriptWord } from '@sim/shared';
import { attemptLines, attempts } from '../../src/db/schema/index';
import type { BlobStore } from '../../src/lib/blob-store';
import type { TestAssignment } from './assignments';
import type { TakeLevel, TakeSim } from './attempts';
import type { Answer, Caller } from './caller';
import type { DbSeed } from './company';

/**
 * Results: completed attempts with graded lines written straight to the database (each recording stored
 * as a small MP3 in the blob store), and the calls of the result view and the review. No vitest here.
 */

export type ResultSeed = DbSeed & { deps: { blobs: BlobStore } };
type AssignmentRef = Pick<TestAssignment, 'id' | 'companyId' | 'simId' | 'assignedToId'>;

/** The bytes stored as a learner's recording: an MP3 frame header and the line's id, so each is told apart. */
export const fakeMp3 = (tag: string) => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.from(tag)]);

/** The words of a transcript, 0.4 s each, as the recogniser answers them. */
export function wordsOf(text: string): TTranscriptWord[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => ({ word: word.toLowerCase(), start: i * 0.4, end: i * 0.4 + 0.35, confidence: 0.9 }));
}

export interface ResultPlan {
  /** the attempt's status (completed) and its lines' (Completed) */
  status?: 'started' | 'completed' | 'exited';
  lines?: 'Pending' | 'Completed' | 'Failed';
  /** the agent lines recorded (all unless given) */
  recorded?: string[];
  startedAt?: Date;
  completedAt?: Date;
  mode?: 'practice' | 'autoplay';
  inputs?: TAttemptInput[];
  assessorNotes?: string | null;
  keywordAccuracy?: number | null;
  withoutCoach?: boolean;
}

/**
 * An attempt of a level of the assignment with each recorded agent line said word for word: every keyword
 * matched, grade 100, the recording in the blob store under the attempts' key scheme. Answers the attempt
 * and its lines (by script id).
 */
export async function buildResult(
  seed: ResultSeed,
  assignment: AssignmentRef,
  level: TakeLevel,
  plan: ResultPlan = {},
) {
  const status = plan.status ?? 'completed';
  const startedAt = plan.startedAt ?? new Date();
  const [attempt] = await seed.db
    .insert(attempts)
    .values({
      companyId: assignment.companyId,
      assignmentId: assignment.id,
      userId: assignment.assignedToId,
      simId: assignment.simId,
      simLevelId: level.id,
      mode: plan.mode ?? 'autoplay',
      status,
      startedAt,
      updatedAt: startedAt,
      completedAt: status === 'completed' ? (plan.completedAt ?? new Date(startedAt.getTime() + 120_000)) : null,
      totalSeconds: 125,
      wrapSeconds: 15,
      keywordAccuracy: plan.keywordAccuracy === undefined ? 100 : plan.keywordAccuracy,
      overallPercentage: plan.keywordAccuracy === undefined ? 100 : plan.keywordAccuracy,
      inputs: plan.inputs ?? [],
      assessorNotes: plan.assessorNotes ?? null,
      withoutCoach: plan.withoutCoach ?? false,
    })
    .returning();
  const lines = new Map<string, typeof attemptLines.$inferSelect>();
  const lineStatus = plan.lines ?? 'Completed';
  for (const script of level.agentLines) {
    if (plan.recorded && !plan.recorded.includes(script.id)) continue;
    const key = `attempts/${assignment.companyId}/${attempt.id}/${script.id}-${crypto.randomUUID()}.mp3`;
    await seed.deps.blobs.put(key, fakeMp3(key), 'audio/mpeg');
    const graded = lineStatus === 'Completed';
    const [line] = await seed.db
      .insert(attemptLines)
      .values({
        attemptId: attempt.id,
        simScriptId: script.id,
        audioKey: key,
        liveTranscript: script.script,
        transcription: lineStatus === 'Failed' ? '' : script.script,
        words: graded ? wordsOf(script.script) : [],
        gradedFrom: graded ? 'upload' : null,
        correctKeywords: graded ? script.keywords : [],
        missedKeywords: [],
        gradeScore: graded ? 100 : 0,
        passed: graded,
        status: lineStatus,
        recordedAt: startedAt,
        gradedAt: graded ? startedAt : null,
      })
      .returning();
    lines.set(script.id, line);
  }
  return { attempt, lines };
}

/** A completed attempt of every level of the sim (one minute apart, in level order), all lines graded. */
export async function buildCompletedLevels(
  seed: ResultSeed,
  assignment: AssignmentRef,
  sim: TakeSim,
  plan: ResultPlan = {},
) {
  const out = [];
  const base = plan.startedAt ?? new Date(Date.now() - 3_600_000);
  for (const [i, level] of sim.levels.entries())
    out.push(await buildResult(seed, assignment, level, { ...plan, startedAt: new Date(base.getTime() + i * 60_000) }));
  return out;
}

/** The calls of the result view and the review, as one caller. */
export function reviewCalls(as: Caller) {
  return {
    result: (body: { assignment_id: string; sim_id: string; levelId: string; response_id?: string }, query = '') =>
      as.post(`/api/v1/sims/result${query ? `?${query}` : ''}`, body),
    audioStatus: (simId: string, assignmentId: string, userId?: string) =>
      as.get(
        `/api/v1/sims/agent/audio/status?simId=${simId}&assignmentId=${assignmentId}${userId ? `&user_id=${userId}` : ''}`,
      ),
    setStatus: (assignmentId: string, status: string, extra: Record<string, unknown> = {}): Promise<Answer> =>
      as.post('/api/v1/sims/assignment/add-status', { _id: assignmentId, status, ...extra }),
    trackRecord: (assignmentId: string) => as.get(`/api/v1/sims/assignment/track-record/${assignmentId}`),
    notes: (attemptId: string) => as.get(`/api/v1/sims/get-assessor-notes/${attemptId}`),
    saveNotes: (attemptId: string, assessor_notes: string, edit = false) =>
      as.post(`/api/v1/sims/save-assessor-notes/${attemptId}`, { assessor_notes, edit }),
    history: (assignmentId: string) => as.get(`/api/v1/sims/agent-assignment-history?assignment_id=${assignmentId}`),
  };
}
