import { hasAnyPermission, hasPermission, isAgentRole, routeInfo, type TaskName } from '@sim/shared';

export interface MenuItem {
  /** The route the item links to. */
  to: string;
  /** The visible text, which is also the link's accessible name: the route's title. */
  label: string;
}

const ADMIN_TASKS: readonly TaskName[] = ['employee_list', 'groups', 'permissions', 'roles'];

function item(to: string): MenuItem {
  return { to, label: routeInfo(to)?.title ?? to };
}

/**
 * The left menu (administration-and-support.md section 2): DASHBOARD; SIMS with sim_list view and not for
 * agents; ADMIN with any employee_list, groups, permissions or roles permission and not for agents;
 * HELPDESK with tickets view; SETTINGS.
 */
export function menuItemsFor(user: { role: string } | null, permissions: ReadonlySet<string>): MenuItem[] {
  const agent = isAgentRole(user?.role);
  const items: MenuItem[] = [item('/dashboard')];
  if (!agent && hasPermission(permissions, 'sim_list', 'view')) items.push(item('/sims'));
  if (!agent && ADMIN_TASKS.some((task) => hasAnyPermission(permissions, task))) items.push(item('/admin'));
  if (hasPermission(permissions, 'tickets', 'view')) items.push(item('/helpdesk'));
  items.push(item('/settings'));
  return items;
}
