import { type AttemptMode, attemptsApi } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';

export interface SaveStatsInput {
  attemptId: string;
  simId: string;
  levelId: string;
  mode: AttemptMode;
  /** the step's index in the level's full list (RESUME returns there) */
  activeIndex: number;
  levelStart: boolean;
}

/** POST stats: the attempt's mode and active step, on every step change (status started). */
export function saveStats(input: SaveStatsInput) {
  return apiRequest(attemptsApi.saveStats, {
    body: {
      user_response_id: input.attemptId,
      simId: input.simId,
      simLevelId: input.levelId,
      mode: input.mode,
      status: 'started',
      activeIndex: input.activeIndex,
      levelStart: input.levelStart,
      updateIndexBool: true,
    },
  });
}
