import { ADMIN_TEXTS, type TRole, type TSaveRoleRequest } from '@sim/shared';

/** What the Add Role panel is doing. */
export type RolePanelMode = { kind: 'add' } | { kind: 'edit'; role: TRole } | { kind: 'duplicate'; role: TRole };

/** Save is disabled while busy, without a name, or without a company (spec section 5). */
export function canSaveRole(name: string, companyId: string | null | undefined, busy: boolean): boolean {
  return !busy && name.trim().length > 0 && Boolean(companyId);
}

/** A duplicate is named after its source with the suffix '(Copy)'. */
export function copyName(name: string): string {
  return `${name}${ADMIN_TEXTS.copySuffix}`;
}

export function initialRoleName(mode: RolePanelMode): string {
  if (mode.kind === 'edit') return mode.role.name;
  if (mode.kind === 'duplicate') return copyName(mode.role.name);
  return '';
}

export function panelTitle(mode: RolePanelMode): string {
  if (mode.kind === 'edit') return ADMIN_TEXTS.editRole;
  if (mode.kind === 'duplicate') return ADMIN_TEXTS.duplicateRole;
  return ADMIN_TEXTS.addRole;
}

/** The roles permission the panel's Save needs. */
export const panelPermission = (mode: RolePanelMode) => (mode.kind === 'edit' ? 'update' : 'create');

export function rolePayload(mode: RolePanelMode, name: string, companyId: string): TSaveRoleRequest {
  const base = { name: name.trim(), company_id: companyId };
  if (mode.kind === 'edit') return { ...base, _id: mode.role._id, disabled: mode.role.disabled };
  if (mode.kind === 'duplicate') return { ...base, duplicate_from: mode.role._id };
  return base;
}

/** The enable switch flips the role's disabled flag. */
export function togglePayload(role: TRole): TSaveRoleRequest {
  return { _id: role._id, name: role.name, company_id: role.company_id, disabled: !role.disabled };
}
