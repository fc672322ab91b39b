/** The seven voice names of the spec (authoring.md section 3) and the speech limits. */
export const VOICES = [
  { name: 'Joanna', gender: 'female' },
  { name: 'Kendra', gender: 'female' },
  { name: 'Kimberly', gender: 'female' },
  { name: 'Salli', gender: 'female' },
  { name: 'Ruth', gender: 'female' },
  { name: 'Joey', gender: 'male' },
  { name: 'Matthew', gender: 'male' },
] as const;
export type VoiceName = (typeof VOICES)[number]['name'];
export const VOICE_NAMES = VOICES.map((v) => v.name) as [VoiceName, ...VoiceName[]];

export const SPEECH_LIMITS = {
  /** uploads of recorded audio */
  maxAudioBytes: 25 * 1024 * 1024,
  maxSynthesizeChars: 3000,
  /** the streaming URL is valid 5 minutes; the client refreshes it after 4 */
  streamUrlTtlSeconds: 300,
  streamUrlRefreshSeconds: 240,
  /** longest audio one stream accepts */
  maxStreamSeconds: 300,
  defaultStreamSampleRate: 44100,
  /**
   * issue 32, fair shares: seconds of one learner's recordings that may wait for grading at once (a level's
   * agent lines are far less; more is a burst that would only wait behind itself)
   */
  maxQueuedDecodeSeconds: 300,
  /** live streams one user may hold open at once (a tab's take, and the next one while it closes) */
  maxStreamsPerUser: 2,
  /** a live stream that receives no audio for this long is closed and its decoder freed */
  streamIdleSeconds: 20,
} as const;

export const SPEECH_MESSAGES = {
  audioTooLarge: 'The audio file is larger than 25 MB.',
  audioMissing: 'Send the recording in the form field audio.',
  audioUnsupported: 'The audio could not be read. Send WAV, WebM/Opus, OGG or MP3 audio.',
  keywordsNotJson: 'keywords must be a JSON array of keyword entries.',
  notMultipart: 'Send the audio as multipart/form-data.',
  sttUnavailable: 'Speech recognition is not available on this server.',
  ttsUnavailable: 'Voice generation is not available on this server.',
  streamTooLong: 'The recording is too long for one stream.',
  // issue 32: a recording's header must fit its data
  audioRateImplausible: (rate: number, min: number, max: number) =>
    `The recording's header gives a sample rate of ${rate} Hz; a recording is read at ${min} to ${max} Hz. Record it again or send another file.`,
  audioLengthMismatch:
    "The recording's header declares more audio than the file holds (a damaged or altered WAV). Record it again or send another file.",
  audioHeaderInvalid:
    "The recording's header does not describe its audio (no channels, or a sample size its format does not have). Record it again or send another file.",
  transcribeRateLimited: 'Too many transcriptions in a minute. Please wait a minute and try again.',
  // issue 32: fair shares
  decodeQueueFull:
    'Your earlier answers are still being graded. Wait a few seconds for them to finish, then record this line again.',
  tooManyStreams:
    'Live transcription is already open in your other tabs. Close them, or finish the take there, and try again.',
  streamIdle: (seconds: number) =>
    `Live transcription stopped: no audio arrived for ${seconds} seconds. Record the line again.`,
} as const;
