import type { PermissionKey } from '@sim/shared';

/** The signed-in caller, as every service receives it. */
export interface Actor {
  userId: string;
  companyId: string;
  roleName: string;
  isAgent: boolean;
  isPlatformAdmin: boolean;
  permissions: ReadonlySet<PermissionKey>;
  /** set when an administrator is logged in to this agent's account */
  impersonatorId?: string;
}
