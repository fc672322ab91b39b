import { classNotesApi, type ZSaveClassNoteRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { classNoteKeys } from './get-class-notes';

export type SaveClassNoteInput = z.input<typeof ZSaveClassNoteRequest>;

/** A new note (no _id), or an edit of one (with its _id). */
export function saveClassNote(body: SaveClassNoteInput) {
  return apiRequest(classNotesApi.save, { body });
}

export function useSaveClassNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClassNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classNoteKeys.all }),
  });
}
