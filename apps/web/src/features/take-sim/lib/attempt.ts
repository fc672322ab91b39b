import type { AttemptMode, TLineResultResponse, TTakeSimStep } from '@sim/shared';

/** The attempt the screen plays (a new one, a resumed one, or the one Restart made). */
export interface Attempt {
  id: string;
  mode: AttemptMode;
  withoutCoach: boolean;
  /** the full-list index of the step to begin at (RESUME) */
  startFullIndex: number;
  /** seconds spent on the attempt before this page opened it (a resumed attempt) */
  priorSeconds: number;
  /** when this page opened it (Date.now()) */
  startedAt: number;
}

/** The learner's take of a line in this attempt. */
export interface Take {
  lineId: string;
  /** the recording to play back: the page's own copy, or the server's signed URL of a resumed take */
  clipUrl: string | null;
  recorded: boolean;
  result: TLineResultResponse | null;
}

/** The takes a resumed attempt already holds, by script id. */
export function resumedTakes(steps: readonly TTakeSimStep[]): Record<string, Take> {
  const takes: Record<string, Take> = {};
  for (const step of steps) {
    const take = step.take;
    if (!take) continue;
    takes[step._id] = {
      lineId: take.id,
      clipUrl: take.recorded_url,
      recorded: take.recorded_url !== null || take.status !== 'Pending',
      result: null,
    };
  }
  return takes;
}

/** Final score is asked again every 5 s while lines are being graded; after this many asks the result shows as it is. */
export const FINAL_SCORE_TRIES = 120;

/** The seconds of the attempt so far, the time before this page included. */
export function attemptSeconds(attempt: Attempt, now: number): number {
  return attempt.priorSeconds + Math.max(0, (now - attempt.startedAt) / 1000);
}
