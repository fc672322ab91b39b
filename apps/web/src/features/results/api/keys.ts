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
  levels: (assignmentId: string, userId: string) => [...resultKeys.all, 'levels', assignmentId, userId] as const,
};

/**
 * The other screens' queries that show an assignment's status (the dashboard's lists, counts and level cards,
 * the SCORE tab, the profile card's Ready for Review): the roots of their key factories (features/assignments,
 * features/scores, features/dashboard), which this feature may not import. A status change marks them stale
 * without asking them again now; whichever is shown next asks again.
 */
export const STATUS_READER_KEYS = [['assignments'], ['scores'], ['dashboard']] as const;
