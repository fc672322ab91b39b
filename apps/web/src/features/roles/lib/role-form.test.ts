import type { TRole } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import {
  canSaveRole,
  copyName,
  initialRoleName,
  panelPermission,
  panelTitle,
  rolePayload,
  togglePayload,
} from './role-form';

const ROLE: TRole = {
  _id: 'r1',
  name: 'supervisor',
  company_id: 'c1',
  disabled: false,
  duplicate_from: null,
  users_count: 3,
  created_at: '2030-01-01T00:00:00.000Z',
};

describe('role form rules', () => {
  it.each([
    { name: '', company: 'c1', busy: false, ok: false },
    { name: '  ', company: 'c1', busy: false, ok: false },
    { name: 'Trainer', company: null, busy: false, ok: false },
    { name: 'Trainer', company: 'c1', busy: true, ok: false },
    { name: 'Trainer', company: 'c1', busy: false, ok: true },
  ])('Save with "$name", company $company, busy $busy → $ok', ({ name, company, busy, ok }) => {
    expect(canSaveRole(name, company, busy)).toBe(ok);
  });

  it("a duplicate is named with the suffix '(Copy)' and sends duplicate_from", () => {
    expect(copyName('supervisor')).toBe('supervisor (Copy)');
    const mode = { kind: 'duplicate' as const, role: ROLE };
    expect(initialRoleName(mode)).toBe('supervisor (Copy)');
    expect(panelTitle(mode)).toBe('Duplicate Role');
    expect(panelPermission(mode)).toBe('create');
    expect(rolePayload(mode, ' supervisor (Copy) ', 'c1')).toEqual({
      name: 'supervisor (Copy)',
      company_id: 'c1',
      duplicate_from: 'r1',
    });
  });

  it('an edit keeps the role and its flag; an add sends only the name and company', () => {
    const edit = { kind: 'edit' as const, role: { ...ROLE, disabled: true } };
    expect(initialRoleName(edit)).toBe('supervisor');
    expect(panelPermission(edit)).toBe('update');
    expect(rolePayload(edit, 'Lead', 'c1')).toEqual({ _id: 'r1', name: 'Lead', company_id: 'c1', disabled: true });
    expect(rolePayload({ kind: 'add' }, 'Coach', 'c2')).toEqual({ name: 'Coach', company_id: 'c2' });
    expect(panelTitle({ kind: 'add' })).toBe('Add Role');
  });

  it('the enable switch flips the disabled flag', () => {
    expect(togglePayload(ROLE)).toEqual({ _id: 'r1', name: 'supervisor', company_id: 'c1', disabled: true });
    expect(togglePayload({ ...ROLE, disabled: true }).disabled).toBe(false);
  });
});
