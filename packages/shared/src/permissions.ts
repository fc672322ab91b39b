/**
 * The permission catalogue: products (rows of the matrix) with their tasks, the permission types each
 * task offers, and the default matrix of a new company (DECISIONS.md section 8).
 */
export const PERMISSION_TYPES = ['view', 'create', 'update', 'delete'] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

export interface TaskDef {
  name: string;
  definition: string;
  types: readonly PermissionType[];
}
export interface ProductDef {
  name: string;
  tasks: readonly TaskDef[];
}

const ALL = PERMISSION_TYPES;

export const PERMISSION_CATALOGUE = [
  {
    name: 'Dashboard',
    tasks: [
      {
        name: 'assignment',
        definition: 'My assignments: view, add and delete assignments',
        types: ['view', 'create', 'delete'],
      },
      { name: 'all_assignments', definition: 'See the assignments of every member', types: ['view'] },
      { name: 'review_assignments', definition: 'See and review assignments sent for review', types: ['view'] },
      {
        name: 'notes_to_user',
        definition: 'Instructions and messages to the learner',
        types: ['view', 'create', 'update'],
      },
      { name: 'assessor_notes', definition: 'Assessor notes on a result', types: ['view', 'create', 'update'] },
      { name: 'company_name', definition: 'Company name on the profile card', types: ['view'] },
      { name: 'user_account', definition: 'User counts on the profile card', types: ['view'] },
      { name: 'user_name', definition: 'User name on the profile card', types: ['view'] },
      { name: 'my_notepad', definition: 'Personal class notes', types: ALL },
    ],
  },
  {
    name: 'Admin',
    tasks: [
      { name: 'employee_list', definition: 'Employees: list, add, edit, delete, log in as an agent', types: ALL },
      { name: 'groups', definition: 'Groups and their members', types: ALL },
      {
        name: 'permissions',
        definition: 'The permission matrix and its tooltips',
        types: ['view', 'create', 'update'],
      },
      { name: 'roles', definition: 'Roles and temporary roles', types: ALL },
      { name: 'notifications', definition: 'Send notifications to groups and members', types: ['view', 'create'] },
    ],
  },
  {
    name: 'Sims',
    tasks: [
      { name: 'sim_list', definition: 'Sim list and the sim builder', types: ALL },
      { name: 'sim_admin', definition: 'Sim Admin access', types: ALL },
      { name: 'sim_assignment', definition: 'Sim Assignment access', types: ['view', 'create', 'delete'] },
      { name: 'download_video', definition: 'Download Sim Screen Recording Button', types: ['view'] },
    ],
  },
  {
    name: 'Helpdesk',
    tasks: [
      { name: 'tickets', definition: 'Helpdesk Ticket', types: ALL },
      { name: 'ticket_entries', definition: 'Helpdesk Ticket Entries', types: ALL },
      { name: 'ticket_attachments', definition: 'Helpdesk Ticket Attachments', types: ALL },
    ],
  },
] as const satisfies readonly ProductDef[];

export type TaskName = (typeof PERMISSION_CATALOGUE)[number]['tasks'][number]['name'];
export const TASK_NAMES = PERMISSION_CATALOGUE.flatMap((p) => p.tasks.map((t) => t.name)) as TaskName[];

export function taskDef(name: TaskName): TaskDef {
  for (const p of PERMISSION_CATALOGUE) for (const t of p.tasks) if (t.name === name) return t;
  throw new Error(`unknown task ${name}`);
}

export interface Grant {
  task: TaskName;
  type: PermissionType;
}
export type PermissionKey = `${TaskName}:${PermissionType}`;
export const permissionKey = (task: TaskName, type: PermissionType): PermissionKey => `${task}:${type}`;

function allGrants(filter: (task: TaskName, type: PermissionType) => boolean = () => true): Grant[] {
  const out: Grant[] = [];
  for (const p of PERMISSION_CATALOGUE)
    for (const t of p.tasks) for (const type of t.types) if (filter(t.name, type)) out.push({ task: t.name, type });
  return out;
}

/** Default permissions of the default roles of a new company (DECISIONS.md section 8). */
export function defaultGrantsFor(roleName: string): Grant[] {
  switch (roleName.trim().toLowerCase()) {
    case 'admin':
    case 'account owner':
      return allGrants();
    case 'manager':
      return allGrants((task) => task !== 'permissions' && task !== 'roles');
    case 'supervisor':
      // views, reviews and assessor notes
      return allGrants(
        (task, type) =>
          type === 'view' ||
          (task === 'assessor_notes' && (type === 'create' || type === 'update')) ||
          task === 'my_notepad' ||
          (task === 'tickets' && type === 'create'),
      ).filter((g) => !(g.task === 'permissions' || g.task === 'roles'));
    case 'agent':
      return [
        { task: 'assignment', type: 'view' },
        { task: 'my_notepad', type: 'view' },
        { task: 'my_notepad', type: 'create' },
        { task: 'my_notepad', type: 'update' },
        { task: 'my_notepad', type: 'delete' },
        { task: 'tickets', type: 'view' },
        { task: 'tickets', type: 'create' },
        { task: 'ticket_entries', type: 'view' },
        { task: 'ticket_entries', type: 'create' },
        { task: 'ticket_attachments', type: 'view' },
        { task: 'ticket_attachments', type: 'create' },
        { task: 'assessor_notes', type: 'view' },
        { task: 'user_name', type: 'view' },
        { task: 'company_name', type: 'view' },
      ];
    default:
      return [];
  }
}

/** A role as it takes part in permission resolution. */
export interface RoleGrants {
  disabled: boolean;
  grants: readonly Grant[];
}
export interface TempRoleGrants extends RoleGrants {
  startDate: string; // YYYY-MM-DD, inclusive
  endDate: string; // YYYY-MM-DD, inclusive
}

/** Today's date as YYYY-MM-DD in UTC. */
export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function isTempRoleActive(t: { startDate: string; endDate: string }, today: string): boolean {
  return t.startDate <= today && today <= t.endDate;
}

/**
 * Effective permissions = the user's role + every temporary role active today. A disabled role grants
 * nothing.
 */
export function resolvePermissions(
  role: RoleGrants | null,
  tempRoles: readonly TempRoleGrants[],
  today: string,
): Set<PermissionKey> {
  const out = new Set<PermissionKey>();
  const add = (r: RoleGrants) => {
    if (r.disabled) return;
    for (const g of r.grants) out.add(permissionKey(g.task, g.type));
  };
  if (role) add(role);
  for (const t of tempRoles) if (isTempRoleActive(t, today)) add(t);
  return out;
}

export function hasPermission(perms: ReadonlySet<string>, task: TaskName, type: PermissionType): boolean {
  return perms.has(permissionKey(task, type));
}

export function hasAnyPermission(perms: ReadonlySet<string>, task: TaskName): boolean {
  return PERMISSION_TYPES.some((t) => perms.has(permissionKey(task, t)));
}
