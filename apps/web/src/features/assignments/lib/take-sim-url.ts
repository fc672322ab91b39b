import type { AttemptMode, TAssignment, TSimDocument, TSimVideo } from '@sim/shared';

/** The query of /sims/takesim (learner-and-review.md section 2). */
export interface TakeSimParams {
  levelId: string;
  assignmentId: string;
  simId: string;
  userId: string;
  /** the level's order (0 to 5) */
  order: number;
  /** true: resume the unfinished attempt at activeIndex */
  continueSimLevel: boolean;
  activeIndex: number;
  /** the reviewer's view; false for the learner */
  reviewer?: boolean;
}

/**
 * The URL of the take-sim screen: `/sims/takesim?levelId&assignment_id&sim_id&user_id&reviewer&order
 * &continueSimLevel&activeIndex`, in that order. Written here once; the take-sim screen reads the same keys.
 */
export function takeSimUrl(p: TakeSimParams): string {
  const query = new URLSearchParams({
    levelId: p.levelId,
    assignment_id: p.assignmentId,
    sim_id: p.simId,
    user_id: p.userId,
    reviewer: String(p.reviewer ?? false),
    order: String(p.order),
    continueSimLevel: String(p.continueSimLevel),
    activeIndex: String(p.activeIndex),
  });
  return `/sims/takesim?${query.toString()}`;
}

/** The navigation state the take-sim screen receives with that URL. */
export interface TakeSimState {
  /** the dashboard's row, when the dialog was opened from the list (null when it came back with ids only) */
  assignment: TAssignment | null;
  /** the sim's type: hiring or training */
  type: 'hiring' | 'training';
  documents: TSimDocument[];
  hotLinks: string[];
  /** the level records the screen */
  screenRecording: boolean;
  mode: AttemptMode;
  /** the attempt to resume (with continueSimLevel=true) */
  user_response_id?: string;
  /** the two learning URLs: CAPTIVATE LEARNING (the package's page) and CAPTIVATE DEMO (a video) */
  captivateLearningUrl?: string | null;
  captivateDemoVideo?: TSimVideo | null;
}

/** The query of the result view (learner-and-review.md section 2). */
export interface ResultParams {
  levelId: string;
  assignmentId: string;
  simId: string;
  /** the learner whose result it is */
  userId: string;
  /** a reviewer's view (someone else's result); false for the learner's own */
  reviewer: boolean;
}

/**
 * The result view: `/sims/takesim?viewResult=true&assignment_id&user_id&sim_id&reviewer&levelId` (the
 * navigation state carries viewResult too).
 */
export function resultUrl(p: ResultParams): string {
  const query = new URLSearchParams({
    viewResult: 'true',
    assignment_id: p.assignmentId,
    user_id: p.userId,
    sim_id: p.simId,
    reviewer: String(p.reviewer),
    levelId: p.levelId,
  });
  return `/sims/takesim?${query.toString()}`;
}
