import { attemptsApi, HELPDESK_TEXTS as T } from '@sim/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { HelpContext } from '../lib/help-context';
import { helpdeskKeys } from './keys';

/**
 * The names of the sim and level a help request is sent from (issue 31: the dialog names the place, not the
 * URL): the assignment's sim as its reader sees it (GET learner-sim), its level by id. Null outside a level.
 */
export function useHelpPlace(context: HelpContext, enabled: boolean) {
  const assignmentId = context.assignment_id;
  return useQuery({
    queryKey: helpdeskKeys.helpPlace(assignmentId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(attemptsApi.learnerSim, { query: { assignment_id: assignmentId ?? '' } }, { signal }),
    enabled: enabled && assignmentId !== null,
    select: (data) => {
      const level = data.sim.levels.find((l) => l._id === context.level_id);
      return {
        sim: data.sim.title,
        level: level ? T.levelValue(level.order, level.name) : null,
      };
    },
    retry: false,
    staleTime: 60_000,
  });
}
