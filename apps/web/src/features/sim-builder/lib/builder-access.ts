import { AUTHORING_TEXTS, BUILDER_VIEW_TEXTS } from '@sim/shared';

/** What the user may do in the builder: everything, or (read-only) look. */
export interface BuilderAccess {
  /** nothing can be changed: the VIEW SIM builder */
  readOnly: boolean;
  /** the tooltip of a control that is disabled because of it */
  reason: string;
  /** Duplicate Sim makes a sim: sim_list create */
  canCreate: boolean;
  /** EDIT is offered while viewing */
  canUpdate: boolean;
}

/**
 * The builder is read-only when it is opened to view (the eye icon) or by a user without sim_list update
 * (issue 15); a disabled control then says why: the spec's "You don't have permission to update", or for
 * an author who may edit, that this is the view.
 */
export function builderAccess({
  view,
  canUpdate,
  canCreate,
}: {
  view: boolean;
  canUpdate: boolean;
  canCreate: boolean;
}): BuilderAccess {
  return {
    readOnly: view || !canUpdate,
    reason: canUpdate ? BUILDER_VIEW_TEXTS.viewOnly : AUTHORING_TEXTS.noPermissionUpdate,
    canCreate,
    canUpdate,
  };
}

export const EDIT_ACCESS: BuilderAccess = { readOnly: false, reason: '', canCreate: true, canUpdate: true };
