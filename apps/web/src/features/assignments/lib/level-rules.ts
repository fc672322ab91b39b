import {
  type AttemptMode,
  LEVEL_ORDER_TOOLTIPS,
  LEVEL_ORDER_WITHOUT_PRACTICE,
  ASSIGNMENT_MESSAGES as M,
  SIM_DETAIL_TEXTS as T,
  type TLevelStats,
} from '@sim/shared';

/** 'Not yet completed ...' or 'Completed N times in M attempts'. */
export function completionText(stats: Pick<TLevelStats, 'completed_attempts' | 'total_attempts'>): string {
  if (stats.completed_attempts <= 0) return M.notCompleted;
  return T.completed(stats.completed_attempts, stats.total_attempts);
}

export const levelTooltip = (order: number): string => LEVEL_ORDER_TOOLTIPS[order] ?? '';

/** What START does before the take-sim screen opens. */
export type StartStep =
  /** the level has an unfinished attempt: RESUME or START OVER first */
  | { kind: 'resume'; canResume: boolean }
  /** a hiring sim: straight to autoplay */
  | { kind: 'go'; mode: AttemptMode }
  /** choose practice or autoplay (practice is not offered on level order 4) */
  | { kind: 'choose'; practice: boolean };

/** The first step of START (section 2): resume dialog, then mode (hiring: autoplay at once). */
export function startStep(stats: TLevelStats, simType: string, skipResume = false): StartStep {
  if (stats.unfinished && !skipResume) return { kind: 'resume', canResume: stats.screen_recordings <= 0 };
  if (simType === 'hiring') return { kind: 'go', mode: 'autoplay' };
  return { kind: 'choose', practice: stats.level_order !== LEVEL_ORDER_WITHOUT_PRACTICE };
}

/** START is shown as Locked while the assignment waits for its review. */
export const isLocked = (assignmentStatus: string) => assignmentStatus === 'PENDING REVIEW';
