import { describe, expect, it } from 'vitest';
import {
  changedRoles,
  isChecked,
  isDirty,
  type MatrixSelection,
  permissionIdOf,
  selectionFromRoles,
  toggle,
} from './matrix-rules';

const ALL = {
  permissions: [
    { permission_type: 'view' as const, permission_id: 'v' },
    { permission_type: 'create' as const, permission_id: 'c' },
    { permission_type: 'update' as const, permission_id: 'u' },
    { permission_type: 'delete' as const, permission_id: 'd' },
  ],
};
const VIEW_ONLY = { permissions: [{ permission_type: 'view' as const, permission_id: 'ov' }] };
const NO_VIEW = { permissions: [{ permission_type: 'create' as const, permission_id: 'nc' }] };

const held = (sel: MatrixSelection, role = 'r1') => [...(sel[role] ?? [])].sort();

describe('permission matrix tick rules', () => {
  const empty = selectionFromRoles([
    { _id: 'r1', permissions: [] },
    { _id: 'r2', permissions: ['v'] },
  ]);

  it.each([
    { type: 'view' as const, from: [], to: ['v'] },
    { type: 'create' as const, from: [], to: ['c', 'v'] },
    { type: 'update' as const, from: [], to: ['u', 'v'] },
    { type: 'delete' as const, from: [], to: ['d', 'v'] },
    { type: 'create' as const, from: ['v'], to: ['c', 'v'] },
    { type: 'create' as const, from: ['c', 'v'], to: ['v'] },
    { type: 'delete' as const, from: ['d', 'u', 'v'], to: ['u', 'v'] },
    { type: 'view' as const, from: ['v'], to: [] },
    { type: 'view' as const, from: ['c', 'd', 'u', 'v'], to: [] },
  ])('ticking $type on $from gives $to', ({ type, from, to }) => {
    const sel = selectionFromRoles([{ _id: 'r1', permissions: from }]);
    expect(held(toggle(sel, 'r1', ALL, type))).toEqual(to);
  });

  it('ticking twice removes the entry again (view stays: it was ticked with it)', () => {
    const once = toggle(empty, 'r1', ALL, 'update');
    expect(held(once)).toEqual(['u', 'v']);
    expect(held(toggle(once, 'r1', ALL, 'update'))).toEqual(['v']);
  });

  it('changes nothing for a type the task does not offer (the box is disabled)', () => {
    expect(permissionIdOf(VIEW_ONLY, 'create')).toBeUndefined();
    expect(toggle(empty, 'r1', VIEW_ONLY, 'create')).toBe(empty);
    expect(isChecked(empty, 'r1', VIEW_ONLY, 'delete')).toBe(false);
  });

  it('a task without view still takes its other types', () => {
    expect(held(toggle(empty, 'r1', NO_VIEW, 'create'))).toEqual(['nc']);
  });

  it('touches only the role that was ticked, and does not mutate the selection', () => {
    const next = toggle(empty, 'r1', ALL, 'create');
    expect(held(next, 'r2')).toEqual(['v']);
    expect(held(empty)).toEqual([]);
    expect(isChecked(next, 'r1', ALL, 'view')).toBe(true);
    expect(isChecked(next, 'r2', ALL, 'create')).toBe(false);
  });

  it('is held until Save: dirty while it differs, and only the changed roles are sent', () => {
    expect(isDirty(empty, empty)).toBe(false);
    const next = toggle(empty, 'r1', ALL, 'create');
    expect(isDirty(empty, next)).toBe(true);
    expect(changedRoles(empty, next)).toEqual([{ role_id: 'r1', permissions: ['c', 'v'] }]);
    // ticked and unticked back: nothing to save
    const back = toggle(toggle(next, 'r1', ALL, 'create'), 'r1', ALL, 'view');
    expect(isDirty(empty, back)).toBe(false);
    expect(changedRoles(empty, back)).toEqual([]);
  });
});
