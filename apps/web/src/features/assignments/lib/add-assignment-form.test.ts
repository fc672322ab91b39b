import { ZAddAssignmentRequest } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { rowId } from '../testing/harness';
import { EMPTY_ADD_ASSIGNMENT, isAddAssignmentComplete, toAddAssignmentRequest } from './add-assignment-form';

const TOOL = rowId(400);
const SIM = rowId(100);
const USER = rowId(2);
const GROUP = rowId(500);

describe('Add New Assignment form', () => {
  it('is complete with a tool, a sim and a member, or a group when toggled', () => {
    const base = { ...EMPTY_ADD_ASSIGNMENT, tool: TOOL, assigned_sim: SIM };
    expect(isAddAssignmentComplete(EMPTY_ADD_ASSIGNMENT)).toBe(false);
    expect(isAddAssignmentComplete({ ...base })).toBe(false);
    expect(isAddAssignmentComplete({ ...base, user_id: USER })).toBe(true);
    expect(isAddAssignmentComplete({ ...base, by_group: true, user_id: USER })).toBe(false);
    expect(isAddAssignmentComplete({ ...base, by_group: true, group_id: GROUP })).toBe(true);
    expect(isAddAssignmentComplete({ ...base, tool: '', user_id: USER })).toBe(false);
  });

  it('sends the member or the group, never both, and the instruction when written', () => {
    const member = toAddAssignmentRequest({
      ...EMPTY_ADD_ASSIGNMENT,
      tool: TOOL,
      assigned_sim: SIM,
      user_id: USER,
      group_id: GROUP,
    });
    expect(member).toEqual({ tool: TOOL, assigned_sim: SIM, user_id: USER, group_id: null });
    const group = toAddAssignmentRequest({
      ...EMPTY_ADD_ASSIGNMENT,
      tool: TOOL,
      assigned_sim: SIM,
      by_group: true,
      user_id: USER,
      group_id: GROUP,
      assignment_notes: '  Practise twice  ',
    });
    expect(group).toEqual({
      tool: TOOL,
      assigned_sim: SIM,
      user_id: null,
      group_id: GROUP,
      assignment_notes: 'Practise twice',
    });
    expect(ZAddAssignmentRequest.safeParse(member).success).toBe(true);
    expect(ZAddAssignmentRequest.safeParse(group).success).toBe(true);
  });
});
