/**
 * Feedback of the administration screens the spec does not word (issue 15): every action answers with a
 * message, none is silent.
 */
export const ADMIN_FEEDBACK_TEXTS = {
  /** the ENABLE switch of the roles table turned a role on */
  roleEnabled: (name: string) => `The role ${name} is enabled.`,
  /** … or off: a disabled role grants nothing (docs/decisions.md) */
  roleDisabled: (name: string) =>
    `The role ${name} is disabled: its holders lose its permissions until it is enabled again.`,
  /** the user form: the user's current role is disabled (still shown, not offered to others) */
  roleDisabledSuffix: ' (disabled)',
  /** the permission matrix: a box of a type the task does not offer */
  permissionNotOffered: (task: string, type: string) => `${task} has no ${type} permission.`,
} as const;
