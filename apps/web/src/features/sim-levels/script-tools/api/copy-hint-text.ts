import { levelsApi, type RouteInput } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** The hint texts of a level's lines (level_id) go to the same lines of another level (import_to_levelId). */
export function copyHintText(body: RouteInput<typeof levelsApi.copyHintText>['body']) {
  return apiRequest(levelsApi.copyHintText, { body });
}

export function useCopyHintText() {
  return useMutation({ mutationFn: copyHintText });
}
