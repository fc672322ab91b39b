import { LEVEL_ORDER_WITHOUT_PRACTICE, type TTakeSimResponse } from '@sim/shared';
import { continueAttempt } from '../api/continue-attempt';
import { startAttempt } from '../api/start-attempt';
import type { Attempt } from './attempt';
import { modeOfNewAttempt, type TakeSimQuery, type TakeSimState } from './take-sim-params';

export interface OpenedAttempt extends Attempt {
  /** an unfinished attempt taken up again */
  resumed: boolean;
}

/**
 * The attempt the page plays. With continueSimLevel=true it resumes the unfinished attempt, the one in the
 * navigation state or the one the continue call names, at activeIndex (or the clip the server kept), with
 * the seconds already spent; otherwise, or when there is none to resume, it starts a new one in the chosen
 * mode (a hiring sim: autoplay only).
 */
export async function openAttempt(
  query: TakeSimQuery,
  state: TakeSimState,
  details: TTakeSimResponse,
): Promise<OpenedAttempt> {
  const base = { simId: query.simId, levelId: query.levelId, assignmentId: query.assignmentId };
  const simType = details.sim.sim_type ?? state.assignment?.sim_type;
  const newMode = modeOfNewAttempt(state.mode, simType, details.level.order, LEVEL_ORDER_WITHOUT_PRACTICE);

  if (query.continueSimLevel) {
    let check: Awaited<ReturnType<typeof continueAttempt>> | null = null;
    try {
      check = await continueAttempt({ ...base, mode: state.mode });
    } catch (error) {
      // the state names the attempt: it is resumed without the server's clip and time
      if (!state.userResponseId) throw error;
    }
    const named = check?.continue_agent ? check.user_response_id : null;
    const id = state.userResponseId ?? named;
    if (id) {
      const same = check !== null && id === check.user_response_id;
      return {
        id,
        mode: modeOfNewAttempt(
          (same ? check?.mode : null) ?? state.mode,
          simType,
          details.level.order,
          LEVEL_ORDER_WITHOUT_PRACTICE,
        ),
        withoutCoach: false,
        startFullIndex: query.activeIndex ?? (same ? (check?.active_clip_index ?? 0) : 0),
        priorSeconds: same ? (check?.total_seconds ?? 0) : 0,
        startedAt: Date.now(),
        resumed: true,
      };
    }
  }

  const id = await startAttempt({ ...base, mode: newMode, withoutCoach: false });
  return {
    id,
    mode: newMode,
    withoutCoach: false,
    startFullIndex: 0,
    priorSeconds: 0,
    startedAt: Date.now(),
    resumed: false,
  };
}
