import { classNotesApi } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { classNoteKeys } from './get-class-notes';

export function deleteClassNote(id: string) {
  return apiRequest(classNotesApi.delete, { params: { id } });
}

export function useDeleteClassNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClassNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classNoteKeys.all }),
  });
}
