import type { TaskName } from '../permissions';

/**
 * The name the permission matrix shows for each task (administration-and-support.md section 6 lists the
 * tasks by their identifiers; the matrix shows people a name, and the task's definition or tooltip on hover).
 * Keyed by every TaskName, so a task added to the catalogue needs its name here.
 */
export const TASK_LABELS: Record<TaskName, string> = {
  assignment: 'My Assignments',
  all_assignments: 'All Assignments',
  review_assignments: 'Review Assignments',
  notes_to_user: 'Notes to User',
  assessor_notes: 'Assessor Notes',
  company_name: 'Company Name',
  user_account: 'User Accounts',
  user_name: 'User Name',
  my_notepad: 'My Notepad',
  employee_list: 'Employee List',
  groups: 'Groups',
  permissions: 'Permissions',
  roles: 'Roles',
  notifications: 'Notifications',
  sim_list: 'Sim List',
  sim_admin: 'Sim Admin',
  sim_assignment: 'Sim Assignment',
  download_video: 'Download Video',
  tickets: 'Helpdesk Ticket',
  ticket_entries: 'Helpdesk Ticket Entries',
  ticket_attachments: 'Helpdesk Ticket Attachments',
};

/** A task's name for people; an identifier the catalogue does not know is shown in words ("new_task" → "New Task"). */
export function taskLabel(name: string): string {
  const known = (TASK_LABELS as Record<string, string>)[name];
  if (known) return known;
  return name
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join(' ');
}
