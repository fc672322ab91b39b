import { assignmentsApi } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { assignmentKeys } from './get-assignments';

export interface SaveNotesInput {
  id: string;
  assignment_notes: string;
  /** true when the assignment already had an instruction (update), false for a first one (create) */
  edit: boolean;
}

export function saveAssignmentNotes({ id, assignment_notes, edit }: SaveNotesInput) {
  return apiRequest(assignmentsApi.saveNotes, { params: { id }, body: { assignment_notes, edit } });
}

export function useSaveAssignmentNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAssignmentNotes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.lists() }),
  });
}
