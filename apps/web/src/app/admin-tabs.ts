import { ADMIN_LIMITS, ADMIN_TEXTS, hasAnyPermission, type TaskName } from '@sim/shared';

export interface AdminTab {
  value: number;
  label: string;
  /** the tab shows with any permission of this task; null: always shown */
  task: TaskName | null;
}

const T = ADMIN_LIMITS.tabs;

/** The tabs of /admin with the values of the spec (1 is not shown). */
export const ADMIN_TABS: readonly AdminTab[] = [
  { value: T.employeeList, label: ADMIN_TEXTS.tabEmployeeList, task: 'employee_list' },
  { value: T.groups, label: ADMIN_TEXTS.tabGroups, task: 'groups' },
  { value: T.permissions, label: ADMIN_TEXTS.tabPermissions, task: 'permissions' },
  { value: T.roles, label: ADMIN_TEXTS.tabRoles, task: 'roles' },
  { value: T.notifications, label: ADMIN_TEXTS.tabNotifications, task: null },
];

/** A tab is hidden when the user lacks all its permissions; NOTIFICATIONS is always shown. */
export function visibleTabs(permissions: ReadonlySet<string>): AdminTab[] {
  return ADMIN_TABS.filter((t) => t.task === null || hasAnyPermission(permissions, t.task));
}

/** The first permitted tab among employee list, groups, permissions and roles; else NOTIFICATIONS. */
export function defaultTab(permissions: ReadonlySet<string>): number {
  return visibleTabs(permissions).find((t) => t.task !== null)?.value ?? T.notifications;
}

/** The tab of the URL (?tab=3) when the user may see it, else the default one. */
export function tabFromSearch(value: string | null, permissions: ReadonlySet<string>): number {
  const wanted = value !== null && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return visibleTabs(permissions).some((t) => t.value === wanted) ? wanted : defaultTab(permissions);
}
