/**
 * The hand-off of a level's audio to the external voice-recording service ("Snowfly";
 * learner-and-review.md sections 2 and 7, DECISIONS.md section 7): its states, limits and messages.
 */

/** attempts.snowfly_status: null until asked, queued while the job runs or waits to retry, then sent or failed. */
export const SNOWFLY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type SnowflyStatus = (typeof SNOWFLY_STATUSES)[number];

export const VOICE_SERVICE_LIMITS = {
  /** the request waits this long for the first try of the job, so a quick service's id is in the answer */
  answerWaitMs: 5_000,
  /** how often the result view asks the status again while it is queued */
  statusPollMs: 3_000,
  /** the level number sent is the level's order plus this */
  levelNumOffset: 1,
} as const;

/** The multipart form posted to VOICE_SERVICE_URL: the spec's fields and the merged MP3 under `file`. */
export const VOICE_SERVICE_FORM = {
  fields: ['simName', 'levelName', 'levelNum', 'simId', 'responseId', 'simLevelId', 'user'],
  file: 'file',
  fileType: 'audio/mpeg',
} as const;

export const VOICE_SERVICE_MESSAGES = {
  /** 503: VOICE_SERVICE_URL is not set */
  notConfigured: 'The external voice-recording service is not configured on this server.',
  /** 409: neither the level nor the result is flagged send_to_snowfly */
  notFlagged: 'This level is not set to send its audio to the voice-recording service.',
  /** 409: the attempt is still being taken */
  notFinished: 'The attempt is not finished yet: its audio cannot be sent.',
  /** the answer while the job still runs or waits to retry */
  queued: 'The audio is being sent to the voice-recording service.',
  /** failures stored in attempts.snowfly_error and shown by the status route */
  noAudio: 'The level has no audio to send: no line has a recording or a generated clip.',
  mergeFailed: 'The audio of the level could not be merged.',
  unreachable: 'The voice-recording service could not be reached.',
  timedOut: (seconds: number) => `The voice-recording service did not answer within ${seconds} s.`,
  badStatus: (status: number) => `The voice-recording service answered with status ${status}.`,
  noId: 'The voice-recording service answered without an id.',
  stalled: 'The hand-off to the voice-recording service stopped before it finished.',
} as const;
