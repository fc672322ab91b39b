import { createContext, useContext } from 'react';

/**
 * What the Create Levels step may change (issue 15): everything, or nothing (the builder opened to view,
 * or by a user without sim_list update), in which case every control is disabled with `reason` as its
 * tooltip and no call that changes the sim is made. Duplicate Sim needs sim_list create.
 */
export interface EditAccess {
  readOnly: boolean;
  /** the spec's "You don't have permission to update", or the view's hint */
  reason: string;
  canCreate: boolean;
}

export const FULL_ACCESS: EditAccess = { readOnly: false, reason: '', canCreate: true };

const EditAccessContext = createContext<EditAccess>(FULL_ACCESS);

export const EditAccessProvider = EditAccessContext.Provider;

export const useEditAccess = () => useContext(EditAccessContext);

/** A control's tooltip: its own label, or while read-only the reason it is off. */
export function lockedTitle(access: EditAccess, label: string): string {
  return access.readOnly ? access.reason : label;
}
