import { ASSIGNMENT_MESSAGES as M, SIM_DETAIL_TEXTS as T } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { makeLevelStats } from '../testing/fixtures';
import { rowId } from '../testing/harness';
import { completionText, isLocked, levelTooltip, startStep } from './level-rules';
import { takeSimUrl } from './take-sim-url';

describe('level card rules', () => {
  it("says 'Not yet completed ...' or 'Completed N times in M attempts'", () => {
    expect(completionText({ completed_attempts: 0, total_attempts: 2 })).toBe(M.notCompleted);
    expect(completionText({ completed_attempts: 2, total_attempts: 3 })).toBe('Completed 2 times in 3 attempts');
    expect(completionText({ completed_attempts: 1, total_attempts: 1 })).toBe(T.completed(1, 1));
  });

  it('START: resume first, hiring straight to autoplay, no practice on order 4', () => {
    const unfinished = { user_response_id: rowId(700), mode: 'practice' as const, active_index: 3 };
    expect(startStep(makeLevelStats(1, { unfinished }), 'training')).toEqual({ kind: 'resume', canResume: true });
    expect(startStep(makeLevelStats(1, { unfinished, screen_recordings: 2 }), 'training')).toEqual({
      kind: 'resume',
      canResume: false,
    });
    expect(startStep(makeLevelStats(1, { unfinished }), 'training', true)).toEqual({ kind: 'choose', practice: true });
    expect(startStep(makeLevelStats(0), 'hiring')).toEqual({ kind: 'go', mode: 'autoplay' });
    expect(startStep(makeLevelStats(4), 'training')).toEqual({ kind: 'choose', practice: false });
    expect(startStep(makeLevelStats(5), 'training')).toEqual({ kind: 'choose', practice: true });
  });

  it('locks START while pending review; each order has its tooltip', () => {
    expect(isLocked('PENDING REVIEW')).toBe(true);
    expect(isLocked('IN PROGRESS')).toBe(false);
    expect([0, 1, 2, 3, 4, 5].every((order) => levelTooltip(order) !== '')).toBe(true);
    // the tooltips agree with Generate Sim's level names (issue 31): both watch levels say so
    expect(levelTooltip(0)).toBe('Watch and learn: listen to the whole call');
    expect(levelTooltip(1)).toBe('Watch and learn: listen to the whole call');
    expect(levelTooltip(2)).toBe('Read with the full script');
    expect(levelTooltip(3)).toBe('Read with keywords');
    expect(levelTooltip(4)).toBe('Full autoplay');
  });

  it("builds the take-sim URL in the spec's order", () => {
    expect(
      takeSimUrl({
        levelId: 'L',
        assignmentId: 'A',
        simId: 'S',
        userId: 'U',
        order: 2,
        continueSimLevel: true,
        activeIndex: 4,
      }),
    ).toBe(
      '/sims/takesim?levelId=L&assignment_id=A&sim_id=S&user_id=U&reviewer=false&order=2&continueSimLevel=true&activeIndex=4',
    );
  });
});
