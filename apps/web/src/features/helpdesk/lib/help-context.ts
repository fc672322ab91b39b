import { HELPDESK_LIMITS, ZRowId } from '@sim/shared';

/** What a help request carries of the screen it was sent from. */
export interface HelpContext {
  /** the page path with its query */
  page: string;
  assignment_id: string | null;
  sim_id: string | null;
  level_id: string | null;
}

const idOf = (value: string | null) => (value && ZRowId.safeParse(value).success ? value : null);

/**
 * The current page path and, from its query, the optional assignment_id (administration-and-support.md
 * section 2) and the sim and level the learner is in (the take-sim screen's sim_id and levelId). The step
 * is left to the server, which knows where the learner's attempt is.
 */
export function helpContextOf(pathname: string, search: string): HelpContext {
  const params = new URLSearchParams(search);
  return {
    page: `${pathname}${search}`.slice(0, HELPDESK_LIMITS.pageMax),
    assignment_id: idOf(params.get('assignment_id')),
    sim_id: idOf(params.get('sim_id')),
    level_id: idOf(params.get('levelId')),
  };
}
