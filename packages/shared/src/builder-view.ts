import { AUTHORING_TEXTS } from './authoring';

/**
 * The builder opened read-only (issue 15): the eye icon of the sim list, and every opening by a user
 * without sim_list update. Every control is disabled with the spec's 'You don't have permission to …'
 * tooltip (authoring.md section 2), or, for an author who may edit, with a hint to use EDIT.
 */
export const BUILDER_VIEW_TEXTS = {
  viewSim: 'VIEW SIM',
  /** the banner under the stepper */
  viewing: 'You are viewing this sim. Nothing here can be changed.',
  noPermission: `You are viewing this sim. ${AUTHORING_TEXTS.noPermissionUpdate} it.`,
  /** the tooltip of a disabled control for an author who may edit (the others get noPermissionUpdate) */
  viewOnly: 'Viewing only: choose EDIT to change this sim.',
  edit: 'EDIT',
  /** the last step's way out while viewing */
  close: 'CLOSE',
  /** the steps can be opened in any order while viewing */
  openStep: (step: string) => `Open ${step}`,
} as const;

/** The query value that opens the builder read-only: /sims/createsim?simId=…&view=1 */
export const BUILDER_VIEW_PARAM = 'view';
