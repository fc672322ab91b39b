import { classNotesApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const classNoteKeys = {
  all: ['class-notes'] as const,
  list: () => [...classNoteKeys.all, 'list'] as const,
};

/** The caller's class notes, newest first. */
export function getClassNotes(signal?: AbortSignal) {
  return apiRequest(classNotesApi.list, {}, { signal });
}

export function classNotesQueryOptions() {
  return queryOptions({
    queryKey: classNoteKeys.list(),
    queryFn: ({ signal }) => getClassNotes(signal),
    select: (data) => data.notes,
  });
}

/** Asked for once the notepad opens. */
export function useClassNotes(enabled: boolean) {
  return useQuery({ ...classNotesQueryOptions(), enabled });
}
