/** Choice lists of the user form (administration-and-support.md sections 4 and 9). */
export const USER_STATUSES = {
  applicant: { label: 'Applicant', subStatuses: ['Candidate', 'Offered', 'Refused', 'No Offer', 'Hired'] },
  active: { label: 'Active', subStatuses: ['Training', 'Nesting', 'Operations'] },
  inActive: { label: 'Inactive', subStatuses: ['Suspended', 'Leave of Absence'] },
  postEmployment: {
    label: 'Post Employment',
    subStatuses: ['Promotion Non-CC', 'Voluntary Separation', 'Termination'],
  },
} as const;
export type UserStatus = keyof typeof USER_STATUSES;
export const USER_STATUS_KEYS = Object.keys(USER_STATUSES) as UserStatus[];
export const DEFAULT_STATUS: UserStatus = 'applicant';

/**
 * Statuses whose holders may not sign in: Inactive (suspended, on leave) and Post Employment. Setting
 * one ends the user's sessions at once; setting another status back lets them sign in again.
 */
export const DEACTIVATED_STATUSES: readonly UserStatus[] = ['inActive', 'postEmployment'];
export function isDeactivatedStatus(status: string): boolean {
  return (DEACTIVATED_STATUSES as readonly string[]).includes(status);
}

/** Changing the status resets the sub-status to the first option. */
export function defaultSubStatus(status: UserStatus): string {
  return USER_STATUSES[status].subStatuses[0];
}

export function isValidSubStatus(status: UserStatus, subStatus: string): boolean {
  return (USER_STATUSES[status].subStatuses as readonly string[]).includes(subStatus);
}

export const USER_CHOICES = {
  schedule: ['Full time', 'Part time'],
  duration: ['Permanent', 'Temporary'],
  employment: ['Employee', 'Contract'],
  workplace: ['Premise', 'WAH', 'off site'],
  joined_company: ['New hire', 'Transfer', 'Rehire'],
  probation: ['New hire', 'Performance', 'NA'],
  promoted: ['Leadership', 'Support'],
  outsourcer: ['TTEC', 'Alta', 'Other'],
} as const;
export type UserChoiceField = keyof typeof USER_CHOICES;
