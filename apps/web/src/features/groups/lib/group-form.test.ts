import { describe, expect, it } from 'vitest';
import { canSaveGroup, groupPayload, initialGroupValues, toggleMember } from './group-form';

describe('group form rules', () => {
  it.each([
    { name: '', ownerId: null, saving: false, ok: false },
    { name: 'Cohort A', ownerId: null, saving: false, ok: false },
    { name: '', ownerId: 'u1', saving: false, ok: false },
    { name: '   ', ownerId: 'u1', saving: false, ok: false },
    { name: 'Cohort A', ownerId: 'u1', saving: false, ok: true },
    { name: 'Cohort A', ownerId: 'u1', saving: true, ok: false },
  ])('Save with name "$name", owner $ownerId, saving $saving → $ok', ({ name, ownerId, saving, ok }) => {
    expect(canSaveGroup({ name, ownerId }, saving)).toBe(ok);
  });

  it('clicking a member toggles it', () => {
    expect(toggleMember([], 'a')).toEqual(['a']);
    expect(toggleMember(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleMember(['b'], 'a')).toEqual(['b', 'a']);
  });

  it('starts from the group handed in, or empty', () => {
    expect(initialGroupValues(null)).toEqual({ name: '', description: '', ownerId: null, memberIds: [] });
    expect(initialGroupValues({ _id: 'g', name: 'Leads', description: 'd', owner_id: 'u9' })).toEqual({
      name: 'Leads',
      description: 'd',
      ownerId: 'u9',
      memberIds: [],
    });
  });

  it('sends the trimmed fields, the owner and the members (once each); _id only for an update', () => {
    const values = { name: ' Leads ', description: ' x ', ownerId: 'u1', memberIds: ['a', 'b', 'a'] };
    expect(groupPayload(values)).toEqual({ name: 'Leads', description: 'x', owner_id: 'u1', users: ['a', 'b'] });
    expect(groupPayload(values, 'g1')).toMatchObject({ _id: 'g1', name: 'Leads' });
  });
});
