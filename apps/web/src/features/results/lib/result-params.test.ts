import { describe, expect, it } from 'vitest';
import { dashboardReturn, readResultParams, wantsResultView } from './result-params';

const params = (q: Record<string, string>) => new URLSearchParams(q);

describe('the result view’s URL', () => {
  it('opens with viewResult in the query or the navigation state', () => {
    expect(wantsResultView(params({ viewResult: 'true' }), null)).toBe(true);
    expect(wantsResultView(params({}), { viewResult: true })).toBe(true);
    expect(wantsResultView(params({ viewResult: 'false' }), { viewResult: 'no' })).toBe(false);
  });

  it('reads the query; reviewer only when the string true; sim_id may be absent', () => {
    expect(
      readResultParams(params({ assignment_id: 'a', levelId: 'l', sim_id: 's', user_id: 'u', reviewer: 'true' }), {
        type: 'training',
      }),
    ).toEqual({ assignmentId: 'a', levelId: 'l', simId: 's', userId: 'u', reviewer: true, type: 'training' });
    expect(readResultParams(params({ assignment_id: 'a', levelId: 'l', reviewer: 'false' }), null)).toMatchObject({
      simId: null,
      userId: null,
      reviewer: false,
      type: null,
    });
    expect(readResultParams(params({ assignment_id: 'a' }), null)).toBeNull();
  });

  it('goes back to the dashboard with the take-sim screen’s return query and state', () => {
    expect(dashboardReturn({ assignmentId: 'a', simId: 's', userId: 'u', type: 'training' })).toEqual({
      to: '/dashboard?exit=true&type=training&assigned_to_id=u',
      state: { sim_id: 's', assigned_to_id: 'u', assignment_id: 'a' },
    });
  });
});
