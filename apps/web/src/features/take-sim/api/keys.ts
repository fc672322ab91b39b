/** The query keys of the take-sim screen. */
export const takeSimKeys = {
  all: ['take-sim'] as const,
  details: (levelId: string, assignmentId: string, responseId: string | null) =>
    [...takeSimKeys.all, 'details', levelId, assignmentId, responseId] as const,
  attempt: (levelId: string, assignmentId: string, key: string) =>
    [...takeSimKeys.all, 'attempt', levelId, assignmentId, key] as const,
  lineResult: (lineId: string) => [...takeSimKeys.all, 'line', lineId] as const,
};
