import { ATTEMPT_MODES, type AttemptMode } from '@sim/shared';

/**
 * What /sims/takesim reads (learner-and-review.md section 2): the query levelId, assignment_id, sim_id,
 * user_id, reviewer, order, continueSimLevel, activeIndex, exit and the navigation state the dashboard
 * passes. The state is whatever the previous page put there (or nothing after a reload), so it is read
 * field by field and a value of the wrong shape reads as absent.
 */
export interface TakeSimQuery {
  levelId: string;
  assignmentId: string;
  simId: string;
  userId: string | null;
  reviewer: boolean;
  order: number | null;
  continueSimLevel: boolean;
  activeIndex: number | null;
  exit: string | null;
}

export interface TakeSimDocument {
  name: string;
  url: string;
}

/** The assignment row as the dashboard passes it (the fields this screen reads). */
export interface TakeSimAssignment {
  assignment_id: string | null;
  sim_type: string | null;
  assigned_to_id: string | null;
}

export interface TakeSimState {
  assignment: TakeSimAssignment | null;
  /** the sim kind (hiring or training) or the dashboard's list type; carried back on Exit */
  type: string | null;
  documents: TakeSimDocument[];
  hotLinks: string[];
  screenRecording: boolean;
  mode: AttemptMode | null;
  userResponseId: string | null;
  viewResult: boolean;
  captivateLearningUrl: string | null;
  captivateDemoUrl: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const flag = (v: unknown): boolean => v === true || v === 'true' || v === '1';
const record = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

function whole(v: string | null): number | null {
  if (v === null || !/^\d{1,6}$/.test(v)) return null;
  return Number(v);
}

/** The query, or null when a key the screen cannot work without (levelId, assignment_id, sim_id) is missing. */
export function readTakeSimQuery(params: URLSearchParams): TakeSimQuery | null {
  const levelId = text(params.get('levelId'));
  const assignmentId = text(params.get('assignment_id'));
  const simId = text(params.get('sim_id'));
  if (!levelId || !assignmentId || !simId) return null;
  return {
    levelId,
    assignmentId,
    simId,
    userId: text(params.get('user_id')),
    reviewer: flag(params.get('reviewer')),
    order: whole(params.get('order')),
    continueSimLevel: flag(params.get('continueSimLevel')),
    activeIndex: whole(params.get('activeIndex')),
    exit: text(params.get('exit')),
  };
}

function documentsOf(v: unknown): TakeSimDocument[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((item) => {
    const r = record(item);
    const url = text(r?.url) ?? text(r?.link);
    if (!r || !url) return [];
    return [{ url, name: text(r.name) ?? text(r.fileName) ?? text(r.file_name) ?? url }];
  });
}

function linksOf(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((item) => {
    const link = text(item) ?? text(record(item)?.url) ?? text(record(item)?.link);
    return link ? [link] : [];
  });
}

function modeOf(v: unknown): AttemptMode | null {
  return (ATTEMPT_MODES as readonly unknown[]).includes(v) ? (v as AttemptMode) : null;
}

export function readTakeSimState(state: unknown): TakeSimState {
  const s = record(state) ?? {};
  const a = record(s.assignment);
  return {
    assignment: a
      ? {
          assignment_id: text(a.assignment_id) ?? text(a._id),
          sim_type: text(a.sim_type),
          assigned_to_id: text(a.assigned_to_id),
        }
      : null,
    type: text(s.type),
    documents: documentsOf(s.documents),
    hotLinks: linksOf(s.hotLinks),
    screenRecording: flag(s.screenRecording),
    mode: modeOf(s.mode),
    userResponseId: text(s.user_response_id),
    viewResult: flag(s.viewResult),
    captivateLearningUrl:
      text(s.captivate_learning_url) ?? text(s.captivateLearningUrl) ?? text(s.captivate_url) ?? null,
    captivateDemoUrl:
      text(record(s.captivateDemoVideo)?.url) ??
      text(s.captivate_learning_video_url) ??
      text(s.captivateDemoUrl) ??
      null,
  };
}

/** Hiring sims are taken in autoplay only (learner-and-review.md section 4). */
export function isHiring(simType: string | null | undefined): boolean {
  return (simType ?? '').toLowerCase() === 'hiring';
}

/**
 * The mode of an attempt: autoplay for a hiring sim and for the level order without practice mode (the
 * server refuses practice there); otherwise the mode the dashboard chose, practice by default.
 */
export function modeOfNewAttempt(
  chosen: AttemptMode | null,
  simType: string | null | undefined,
  levelOrder: number,
  autoplayOnlyOrder: number,
): AttemptMode {
  if (isHiring(simType) || levelOrder === autoplayOnlyOrder) return 'autoplay';
  return chosen ?? 'practice';
}

/** A hot link as the header lists it: cut at 55 characters with an ellipsis. */
export function cutLink(link: string, max: number): string {
  return link.length > max ? `${link.slice(0, max)}…` : link;
}

/**
 * Where Exit and Back to Dashboard go (learner-and-review.md section 2, DECISIONS.md §6): the dashboard, with
 * the query exit, type and assigned_to_id and the state sim_id, assigned_to_id and assignment_id.
 */
export function exitTarget(query: TakeSimQuery, state: TakeSimState, simType: string | null) {
  const assignedTo = query.userId ?? state.assignment?.assigned_to_id ?? null;
  const search = new URLSearchParams({ exit: 'true' });
  const type = state.type ?? simType;
  if (type) search.set('type', type);
  if (assignedTo) search.set('assigned_to_id', assignedTo);
  return {
    to: `/dashboard?${search.toString()}`,
    state: { sim_id: query.simId, assigned_to_id: assignedTo, assignment_id: query.assignmentId },
  };
}
