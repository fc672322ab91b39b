import { resultsApi } from '@sim/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resultKeys } from './keys';

/** GET /api/v1/sims/get-assessor-notes/{id} (id: the attempt). */
export function getAssessorNotes(attemptId: string, signal?: AbortSignal) {
  return apiRequest(resultsApi.getAssessorNotes, { params: { id: attemptId } }, { signal });
}

export function assessorNotesQueryOptions(attemptId: string) {
  return queryOptions({
    queryKey: resultKeys.assessorNotes(attemptId),
    queryFn: ({ signal }) => getAssessorNotes(attemptId, signal),
    staleTime: 0,
  });
}

export function useAssessorNotes(attemptId: string, enabled = true) {
  return useQuery({ ...assessorNotesQueryOptions(attemptId), enabled });
}

export interface SaveNotesInput {
  attemptId: string;
  notes: string;
  /** the dialog was in edit mode (a note was written); the server decides by what it stores */
  edit: boolean;
}

/** POST /api/v1/sims/save-assessor-notes/{id} {assessor_notes, edit}. */
export function saveAssessorNotes({ attemptId, notes, edit }: SaveNotesInput) {
  return apiRequest(resultsApi.saveAssessorNotes, { params: { id: attemptId }, body: { assessor_notes: notes, edit } });
}

export function useSaveAssessorNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAssessorNotes,
    onSuccess: (answer, input) => {
      queryClient.setQueryData(resultKeys.assessorNotes(input.attemptId), {
        success: true as const,
        _id: answer._id,
        assessor_notes: answer.assessor_notes,
      });
    },
  });
}
