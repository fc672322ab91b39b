import { describe, expect, it } from 'vitest';
import { makeAssignment, SIM_ID } from '../testing/fixtures';
import { ME, rowId } from '../testing/harness';
import { returnTarget } from './return-state';

describe('coming back from the take-sim screen', () => {
  it('reads a row or the ids of the navigation state; anything else is nothing', () => {
    const row = makeAssignment(1);
    expect(returnTarget({ assignment: row }, ME)).toEqual({ assignmentId: row._id, simId: SIM_ID, userId: ME, row });
    expect(returnTarget({ sim_id: SIM_ID, assigned_to_id: rowId(2), assignment_id: rowId(301) }, ME)).toEqual({
      assignmentId: rowId(301),
      simId: SIM_ID,
      userId: rowId(2),
      row: null,
    });
    // no assigned_to_id: the signed-in user's own assignment
    expect(returnTarget({ sim_id: SIM_ID, assigned_to_id: null, assignment_id: rowId(301) }, ME)).toEqual({
      assignmentId: rowId(301),
      simId: SIM_ID,
      userId: ME,
      row: null,
    });
    expect(returnTarget({ sim_id: SIM_ID, assignment_id: rowId(301) }, null)).toBeNull();
    expect(returnTarget(null, ME)).toBeNull();
    expect(returnTarget({ sim_id: SIM_ID }, ME)).toBeNull();
    expect(returnTarget('x', ME)).toBeNull();
  });
});
