/** The query keys of the result view. */
export const resultKeys = {
  all: ['results'] as const,
  /** every result view's answer (and nothing else of the results: a keyword decision changes only these) */
  results: () => [...resultKeys.all, 'result'] as const,
  result: (p: { assignmentId: string; levelId: string; userId: string | null; responseId: string | null }) =>
    [...resultKeys.results(), p.assignmentId, p.levelId, p.userId, p.responseId] as const,
  audioStatus: (simId: string, assignmentId: string, userId: string | null) =>
    [...resultKeys.all, 'audio-status', simId, assignmentId, userId] as const,
  trackRecord: (assignmentId: string) => [...resultKeys.all, 'track-record', assignmentId] as const,
  assessorNotes: (attemptId: string) => [...resultKeys.all, 'assessor-notes', attemptId] as const,
  voiceService: (attemptId: string) => [...resultKeys.all, 'voice-service', attemptId] as const,
};
