/**
 * What the result view reads (learner-and-review.md section 2): /sims/takesim with viewResult (in the query
 * or the navigation state) and the query assignment_id, user_id, sim_id, reviewer, levelId.
 */
export interface ResultParams {
  assignmentId: string;
  levelId: string;
  /** absent: the breadcrumb shows, and the sim is read from the assignment */
  simId: string | null;
  /** the learner whose result it is (null: the signed-in user) */
  userId: string | null;
  /** the reviewer's view (the string 'true'); the learner's is 'false' */
  reviewer: boolean;
  /** the sim's kind or the dashboard's list type, carried back by Re-take */
  type: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const flag = (v: unknown): boolean => v === true || v === 'true' || v === '1';
const record = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The take-sim URL asks for the result view: viewResult true in its query or its navigation state. */
export function wantsResultView(params: URLSearchParams, state: unknown): boolean {
  return flag(params.get('viewResult')) || flag(record(state)?.viewResult);
}

/** The view's keys, or null when one it cannot work without (assignment_id, levelId) is missing. */
export function readResultParams(params: URLSearchParams, state: unknown): ResultParams | null {
  const assignmentId = text(params.get('assignment_id'));
  const levelId = text(params.get('levelId'));
  if (!assignmentId || !levelId) return null;
  const s = record(state);
  return {
    assignmentId,
    levelId,
    simId: text(params.get('sim_id')),
    userId: text(params.get('user_id')),
    reviewer: params.get('reviewer') === 'true',
    type: text(s?.type) ?? text(record(s?.assignment)?.sim_type),
  };
}

export interface DashboardReturn {
  assignmentId: string;
  simId: string;
  /** the learner of the assignment */
  userId: string;
  type: string | null;
}

/**
 * Re-take and View Other Level Result (section 2, DECISIONS.md §6): back to the dashboard, with the query
 * exit, type and assigned_to_id and the state {sim_id, assigned_to_id, assignment_id}, which reopens the
 * assignment's sim detail dialog and its level cards (START for the learner, View Results for a reviewer).
 * /sims is the authors' sim list, so like the take-sim screen's Exit the learner lands on /dashboard.
 */
export function dashboardReturn({ assignmentId, simId, userId, type }: DashboardReturn) {
  const search = new URLSearchParams({ exit: 'true' });
  if (type) search.set('type', type);
  search.set('assigned_to_id', userId);
  return {
    to: `/dashboard?${search.toString()}`,
    state: { sim_id: simId, assigned_to_id: userId, assignment_id: assignmentId },
  };
}

export interface LevelResultLink {
  assignmentId: string;
  simId: string;
  /** the learner of the assignment */
  userId: string;
  levelId: string;
  reviewer: boolean;
}

/**
 * The result view of another level of the same assignment (View Other Level Result, issue 31): the same
 * query as the dashboard's View Results, so the reviewer stays in the result view.
 */
export function levelResultUrl(p: LevelResultLink): string {
  const search = new URLSearchParams({
    viewResult: 'true',
    assignment_id: p.assignmentId,
    user_id: p.userId,
    sim_id: p.simId,
    reviewer: String(p.reviewer),
    levelId: p.levelId,
  });
  return `/sims/takesim?${search.toString()}`;
}
