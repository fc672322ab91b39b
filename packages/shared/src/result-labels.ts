/**
 * Labels of the result view the spec does not give word for word (its own texts are RESULT_TEXTS,
 * SEND_FOR_REVIEW_TEXTS and TAKE_SIM_TEXTS).
 */
export const RESULT_LABELS = {
  resultOfUser: (name: string) => `Result of ${name}`,
  summary: 'Result summary',
  user: 'User',
  sim: 'Sim',
  completedOn: 'Completed on',
  mode: 'Mode',
  modes: { practice: 'Practice', autoplay: 'Autoplay' } as Record<string, string>,
  level: 'Level',
  levelOf: (number: number, name: string) => `Level ${number}: ${name}`,
  caseInputs: 'Case data',
  typingInputs: 'Typing inputs',
  dataInputs: 'Data inputs',
  noInputs: 'No case data was entered.',
  entered: 'Entered',
  target: 'Target',
  inputMatched: 'matches the target',
  inputMissed: 'does not match the target',
  processing: 'The recordings are still being processed…',
  // the transcript and its audio
  playlist: 'Play',
  playCall: 'Play the call',
  playAgent: 'Play the agent lines',
  stopPlaylist: 'Stop',
  playLine: (who: string) => `Play ${who}'s line`,
  pauseLine: (who: string) => `Pause ${who}'s line`,
  audioLoading: 'Loading audio…',
  transcribed: 'Transcribed text',
  testsMatched: 'Tests passed',
  testsMissed: 'Tests missed',
  takeOf: (order: number) => `Take ${order}`,
  playTake: (order: number) => `Play take ${order}`,
  /** what the audio player of an earlier take plays (its button: "Play take 2") */
  takeName: (order: number) => `take ${order}`,
  myCount: (n: number) => `Recorded ${n} ${n === 1 ? 'time' : 'times'}`,
  waveform: (who: string) => `Waveform of ${who}'s recording`,
  words: 'Recognised words',
  seekTo: (word: string, at: string) => `${word} at ${at}`,
  waveformFailed: 'The waveform could not be drawn.',
  // review
  reviewTitle: (decision: string) => `Mark ${decision}`,
  reviewConfirm: (decision: string) => `Mark the assignment ${decision}?`,
  cancel: 'Cancel',
  // screen recording preview
  zoom: 'Zoom',
  // the external voice-recording service
  sendToVoiceService: 'Send audio to voice service',
  voiceQueued: 'Queued: the audio is being sent…',
  voiceSent: (id: string) => `Sent (id ${id})`,
  voiceFailed: (reason: string) => `Sending failed: ${reason}`,
  retrySend: 'Send again',
  // track record
  reviewDate: 'Date',
  decision: 'Result',
  reviewedBy: 'Reviewer',
  message: 'Message',
} as const;

/**
 * The result's scorecard (issue 31, not in the spec): the level's PASS / NOT PASSED against its pass
 * criteria, the thresholds, the reviewer's decision and message, why Send for review is unavailable, the
 * line's score and the level cards' latest result. The decisions themselves read as the spec writes them
 * (PASS, NO PASS, PENDING REVIEW).
 */
export const SCORECARD_TEXTS = {
  title: 'Scorecard',
  levelResult: 'Level result',
  passed: 'PASS',
  notPassed: 'NOT PASSED',
  noCriteria: 'No pass criteria are set for this level.',
  grading: 'The result is final once every line is graded.',
  criteria: 'Pass criteria',
  /** one criterion: its figure against its threshold */
  criterion: (label: string, figure: string, threshold: number) => `${label}: ${figure} (needs ${threshold}%)`,
  criterionStatus: { met: 'met', not_met: 'not met', not_applicable: 'not checked (N/A)' } as Record<string, string>,
  review: 'Review',
  reviewerDecision: "Reviewer's decision",
  lastDecision: 'Last review',
  notSent: 'Not sent for review yet',
  pendingReview: 'Waiting for a reviewer',
  decidedOn: (date: string, by: string) => (by ? `${date} by ${by}` : date),
  reviewerMessage: "Reviewer's message",
  noMessage: 'No message.',
  /** the status line after a send or a decision */
  statusNow: (status: string) => `Status: ${status}`,
  sendUnavailable: 'Send for review is unavailable:',
  /**
   * the caption beside the line's "Confidence: n%" (the spec's label for grade_score): it is the share of the
   * line's keywords (or tests) said, not the recogniser's certainty, and whether the line passed
   */
  lineScoreCaption: (passed: boolean | null, tests = false) =>
    `${tests ? 'share of tests passed' : 'share of keywords said'}${passed === null ? '' : passed ? ' · line passed' : ' · line not passed'}`,
  // the level cards
  latestResult: 'Latest result',
  latestFigure: (figure: string) => `Latest score ${figure}`,
  // View Other Level Result (a reviewer stays in the result view)
  otherLevels: 'Other levels',
  loadingLevels: 'Loading the levels…',
  noLevelResult: 'No results found',
} as const;
