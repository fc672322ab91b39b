import { hasAnyPermission, hasPermission, routeInfo, type TaskName } from '@sim/shared';

export interface MenuItem {
  /** The route the item links to. */
  to: string;
  /** The visible text, which is also the link's accessible name: the route's title. */
  label: string;
}

export const ADMIN_TASKS: readonly TaskName[] = ['employee_list', 'groups', 'permissions', 'roles'];

function item(to: string): MenuItem {
  return { to, label: routeInfo(to)?.title ?? to };
}

/**
 * The left menu (administration-and-support.md section 2): DASHBOARD; SIMS with sim_list view; ADMIN with
 * any employee_list, groups, permissions or roles permission; HELPDESK with tickets view; SETTINGS. "Not for
 * agents" is carried by the permissions (an agent's role holds neither), never by the role's name.
 */
export function menuItemsFor(permissions: ReadonlySet<string>): MenuItem[] {
  const items: MenuItem[] = [item('/dashboard')];
  if (hasPermission(permissions, 'sim_list', 'view')) items.push(item('/sims'));
  if (ADMIN_TASKS.some((task) => hasAnyPermission(permissions, task))) items.push(item('/admin'));
  if (hasPermission(permissions, 'tickets', 'view')) items.push(item('/helpdesk'));
  items.push(item('/settings'));
  return items;
}
