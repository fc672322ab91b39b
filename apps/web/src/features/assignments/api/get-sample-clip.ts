import { attemptsApi } from '@sim/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { assignmentKeys } from './get-assignments';

/**
 * TEST SPEAKERS: the audio of the first customer clip of a level (a signed, expiring URL), or null when the
 * level has none (or cannot be read, e.g. locked while pending review).
 */
export async function getSampleClip(queryClient: QueryClient, levelId: string, assignmentId: string) {
  try {
    const answer = await queryClient.fetchQuery({
      queryKey: assignmentKeys.sampleClip(levelId),
      queryFn: ({ signal }) =>
        apiRequest(attemptsApi.takeSim, { query: { simLevelId: levelId, assignment_id: assignmentId } }, { signal }),
      // the clip's URL is signed for a few minutes only
      staleTime: 60_000,
    });
    const steps = answer.level.sim_scripts;
    const clip =
      steps.find((s) => s.character?.type === 'customer' && s.audio_url) ??
      steps.find((s) => !s.is_agent && s.audio_url);
    return clip?.audio_url ?? null;
  } catch {
    return null;
  }
}
