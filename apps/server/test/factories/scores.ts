import type { AssignmentStatus, TScoreFilterInput, TScoreListResponse } from '@sim/shared';
import { assignmentReviews, attemptLines, attempts } from '../../src/db/schema/index';
import { buildAssignment } from './assignments';
import { buildTakeSim, SPOKEN_LINES } from './attempts';
import type { Caller } from './caller';
import { buildGroup, buildUser, type DbSeed, type TestCompany } from './company';
import { productId } from './sims';
import { unique } from './values';

/**
 * The score tab: completed attempts written straight to the database with the figures and dates a test
 * needs (and, when given, their lines' keyword results), and a caller's score calls. No vitest here.
 */

export type ScoreAttempt = typeof attempts.$inferSelect;

/** A line of a scored attempt: the script and the keyword entries said and missed. */
export interface ScoredLine {
  scriptId: string;
  correct?: string[];
  missed?: string[];
}

/**
 * An attempt of the assignment's learner on a level, completed at `completedAt` (started 10 minutes before)
 * unless `status` says otherwise, with the figures given (N/A = null by default, as a level of order 0 or 1).
 */
export async function buildScore(
  seed: DbSeed,
  assignment: { id: string; companyId: string; simId: string; assignedToId: string },
  values: { levelId: string; completedAt: Date; lines?: ScoredLine[] } & Partial<
    Omit<typeof attempts.$inferInsert, 'companyId' | 'assignmentId' | 'userId' | 'simId' | 'simLevelId'>
  >,
): Promise<ScoreAttempt> {
  const { levelId, completedAt, lines = [], ...fields } = values;
  const status = fields.status ?? 'completed';
  const [row] = await seed.db
    .insert(attempts)
    .values({
      mode: 'practice',
      startedAt: new Date(completedAt.getTime() - 10 * 60_000),
      updatedAt: completedAt,
      totalSeconds: 600,
      wrapSeconds: 30,
      ...fields,
      status,
      completedAt: status === 'completed' ? completedAt : null,
      companyId: assignment.companyId,
      assignmentId: assignment.id,
      userId: assignment.assignedToId,
      simId: assignment.simId,
      simLevelId: levelId,
    })
    .returning();
  if (lines.length)
    await seed.db.insert(attemptLines).values(
      lines.map((l) => ({
        attemptId: row.id,
        simScriptId: l.scriptId,
        status: 'Completed',
        correctKeywords: l.correct ?? [],
        missedKeywords: l.missed ?? [],
      })),
    );
  return row;
}

const LISTING = '/api/v1/sims/level/listing';

function queryString(query: Record<string, string | number | boolean | undefined>): string {
  const pairs = Object.entries(query).filter(([, v]) => v !== undefined) as [string, string | number | boolean][];
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
}

export type ScoreQuery = Record<string, string | number | boolean | undefined>;

/** The score calls of a caller: the page, the export, the chart and the filter panel's choices. */
export function scoreCalls(as: Caller) {
  return {
    list: (query: ScoreQuery = {}, body: TScoreFilterInput | Record<string, unknown> = {}) =>
      as.post(`${LISTING}${queryString(query)}`, body),
    /** the page's body, failing on anything but 200 */
    page: async (query: ScoreQuery = {}, body: TScoreFilterInput = {}): Promise<TScoreListResponse> => {
      const res = await as.post(`${LISTING}${queryString({ limit: 100, ...query })}`, body);
      if (res.statusCode !== 200) throw new Error(`score listing: ${res.statusCode} ${res.body}`);
      return res.json() as TScoreListResponse;
    },
    download: (query: ScoreQuery = {}, body: TScoreFilterInput | Record<string, unknown> = {}) =>
      as.post(`${LISTING}${queryString({ ...query, download: true })}`, body),
    insights: (query: ScoreQuery = {}, body: TScoreFilterInput | Record<string, unknown> = {}) =>
      as.post(`${LISTING}/insights${queryString(query)}`, body),
    filters: (product?: string) => as.get(`${LISTING}/filters${queryString({ product })}`),
  };
}

// ---- a company's scores to filter: the world of the score tests ----

/** A day of the score tests: 2026-03-10 15:07 UTC plus `n` days. */
export const scoreDay = (n: number) => new Date(Date.UTC(2026, 2, 10 + n, 15, 7));

type WorldCompany = {
  company: TestCompany;
  users: Record<'admin' | 'supervisor' | 'agent' | 'agent2', { id: string; companyId: string }>;
};

/**
 * Company A's score world: Alex and Bruno in a group, Cara in none; sim S1 (Training SIM: 'Watch and
 * Learn' order 0, 'Level 2' order 2, 'Level 3' order 3) and sim S2 (Training SIM - Internal Data, one level
 * of order 2). Attempts (day n = scoreDay(n)), all completed unless said:
 *   Alex  S1 L0 d1 (N/A) · S1 L1 d2 (50) · S1 L1 d3 (80, lines) · S1 L2 d4 (70) · S1 L1 started d7
 *   Bruno S1 L0 d2 (N/A) · S1 L1 d5 (60, lines)
 *   Cara  S2 L0 d3 an hour later (90)
 *   Alex  S2 L0 d6 (40) · S2 L0 exited d6
 * Alex's S1 assignment is PASS (sent d4 +1 h, reviewed by Sofia d4 +2 h), Bruno's PENDING REVIEW (sent d5 +1 h), Cara's COMPLETED, Alex's S2 IN
 * PROGRESS. Missed keywords: 'Monday' twice of twice asked, 'insurance card' and 'photo ID | driver
 * license' once each; 'schedule' said twice.
 */
export async function buildScoreWorld(seed: DbSeed, a: WorldCompany, tag = unique('Score')) {
  const companyId = a.company.companyId;
  const cara = await buildUser(seed, a.company, { firstName: 'Cara', lastName: tag });
  const group = await buildGroup(seed, a.company, {
    name: `${tag} team`,
    members: [a.users.agent.id, a.users.agent2.id],
  });
  const s1 = await buildTakeSim(seed, a.users.admin, {
    fields: { title: `${tag} Cardiology` },
    levels: [
      { order: 0, lines: SPOKEN_LINES },
      { order: 2, lines: SPOKEN_LINES },
      { order: 3, lines: SPOKEN_LINES, fields: { name: `${tag} Final level` } },
    ],
  });
  const s2 = await buildTakeSim(seed, a.users.admin, {
    fields: { title: `${tag} Dermatology`, productId: await productId(seed, 'Training SIM - Internal Data') },
    levels: [{ order: 2, lines: SPOKEN_LINES }],
  });
  const assign = (simId: string, userId: string, status: AssignmentStatus, extra = {}) =>
    buildAssignment(seed, { companyId, simId, userId, status, createdAt: scoreDay(0), ...extra });
  // sent for review and decided after the attempts they cover (a decision applies to the attempts before it)
  const hour = (day: number, hours: number) => new Date(scoreDay(day).getTime() + hours * 3_600_000);
  const alexS1 = await assign(s1.simId, a.users.agent.id, 'PASS', {
    reviewerId: a.users.supervisor.id,
    sendForReviewDate: hour(4, 1),
    dateOfReview: hour(4, 2),
  });
  await seed.db.insert(assignmentReviews).values({
    assignmentId: alexS1.id,
    passOrFail: 'PASS',
    reviewedById: a.users.supervisor.id,
    reviewDate: hour(4, 2),
  });
  const brunoS1 = await assign(s1.simId, a.users.agent2.id, 'PENDING REVIEW', { sendForReviewDate: hour(5, 1) });
  const caraS2 = await assign(s2.simId, cara.id, 'COMPLETED');
  const alexS2 = await assign(s2.simId, a.users.agent.id, 'IN PROGRESS');
  const [l0, l1, l2] = s1.levels;
  const [first, second] = l1.agentLines;
  const score = buildScore.bind(null, seed);
  const attempts = {
    alexL0: await score(alexS1, { levelId: l0.id, completedAt: scoreDay(1), assessorNotes: 'Greets well' }),
    alexL1old: await score(alexS1, { levelId: l1.id, completedAt: scoreDay(2), keywordAccuracy: 50 }),
    alexL1: await score(alexS1, {
      levelId: l1.id,
      completedAt: scoreDay(3),
      keywordAccuracy: 80,
      overallPercentage: 80,
      totalSeconds: 3725,
      wrapSeconds: 0,
      lines: [
        { scriptId: first.id, correct: ['schedule'], missed: ['Monday'] },
        { scriptId: second.id, missed: ['insurance card', 'photo ID | driver license'] },
      ],
    }),
    alexL2: await score(alexS1, { levelId: l2.id, completedAt: scoreDay(4), keywordAccuracy: 70 }),
    alexL1open: await score(alexS1, { levelId: l1.id, completedAt: scoreDay(7), status: 'started' }),
    brunoL0: await score(brunoS1, { levelId: l0.id, completedAt: scoreDay(2) }),
    brunoL1: await score(brunoS1, {
      levelId: l1.id,
      completedAt: scoreDay(5),
      keywordAccuracy: 60,
      lines: [{ scriptId: first.id, correct: ['schedule'], missed: ['monday'] }],
    }),
    caraS2: await score(caraS2, {
      levelId: s2.levels[0].id,
      completedAt: new Date(scoreDay(3).getTime() + 3_600_000),
      keywordAccuracy: 90,
      typingAccuracy: 75,
      dataSelectionAccuracy: 50,
      correctEntries: 3,
      totalEntries: 4,
      correctSelections: 1,
      totalSelections: 2,
    }),
    alexS2: await score(alexS2, { levelId: s2.levels[0].id, completedAt: scoreDay(6), keywordAccuracy: 40 }),
    alexS2exited: await score(alexS2, { levelId: s2.levels[0].id, completedAt: scoreDay(6), status: 'exited' }),
  };
  return { tag, cara, group, s1, s2, assignments: { alexS1, brunoS1, caraS2, alexS2 }, attempts };
}
export type ScoreWorld = Awaited<ReturnType<typeof buildScoreWorld>>;
