import type { PermissionKey } from '@sim/shared';

/**
 * The signed-in caller, as every service receives it. It carries no role name on purpose: what a caller
 * may do is decided by their effective permissions (and the record, in `src/policies`), never by what
 * their company calls their role.
 */
export interface Actor {
  userId: string;
  companyId: string;
  isPlatformAdmin: boolean;
  permissions: ReadonlySet<PermissionKey>;
  /** set when an administrator is logged in to this agent's account */
  impersonatorId?: string;
}
