import { describe, expect, it } from 'vitest';
import { roleChoices } from './role-choices';

const ROLES = [
  { _id: 'r1', name: 'agent', disabled: false },
  { _id: 'r2', name: 'trainer', disabled: true },
  { _id: 'r3', name: 'supervisor', disabled: false },
];

describe('roleChoices', () => {
  it('offers the enabled roles only', () => {
    expect(roleChoices(ROLES, null)).toEqual([
      { value: 'r1', label: 'agent' },
      { value: 'r3', label: 'supervisor' },
    ]);
  });

  it("keeps the user's current disabled role, marked as disabled", () => {
    expect(roleChoices(ROLES, 'r2')).toEqual([
      { value: 'r1', label: 'agent' },
      { value: 'r2', label: 'trainer (disabled)' },
      { value: 'r3', label: 'supervisor' },
    ]);
  });
});
