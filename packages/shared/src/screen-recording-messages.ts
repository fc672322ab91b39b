import { SCREEN_RECORDING } from './screen-recording';

/**
 * The server's answers of the screen-recording calls that the spec does not word (the spec's own texts are in
 * SCREEN_RECORDING_TEXTS of @sim/shared).
 */
export const SCREEN_RECORDING_MESSAGES = {
  notMultipart: 'A part of a screen recording is sent as a multipart form (chunkData and its fields).',
  partMissing: 'The form has no chunkData file: the part of the recording is missing.',
  partTooLarge: `A part of a screen recording may be at most ${SCREEN_RECORDING.maxChunkBytes} bytes.`,
  wrongType: `A screen recording is a webm video (fileType ${SCREEN_RECORDING.acceptedTypes.join(', ')}).`,
  attemptNotFound: 'The attempt was not found.',
  notYourAttempt: 'Only the learner who takes the attempt may record its screen.',
  levelNotRecorded: 'This level does not record the screen.',
  videoExists: 'The screen recording of this attempt is already built or being built.',
  chunkBeyondTotal: 'chunkNumber must be smaller than totalChunks.',
  duplicateSources: 'Each screen may be named once in sources.',
  stampsMismatch: 'stamps must give one start time per source.',
  noDuration: "The recording's duration must be more than 0 seconds.",
  nothingUploaded: (fileName: string) => `No part of ${fileName} was uploaded.`,
  partMissingAtBuild: (chunk: number, fileName: string) => `Part ${chunk} of ${fileName} is missing.`,
  noVideo: 'This attempt has no saved screen recording.',
  otherVideo: 'The url does not name the screen recording of this attempt.',
  buildFailed: 'The screen recording could not be built.',
  unreadableScreen: (screen: number, reason: string) => `Screen ${screen} is not a readable recording (${reason}).`,
  screenHoldsNothing: (screen: number) =>
    `Screen ${screen} holds no recording: its parts carry no picture or sound to build a video from.`,
  // issue 32: the quotas of what a learner may store (SCREEN_RECORDING), shown after "Error uploading chunk:"
  tooManyScreens: `A sim attempt can record at most ${SCREEN_RECORDING.maxScreensPerAttempt} screens, and this one already has ${SCREEN_RECORDING.maxScreensPerAttempt}: this screen is not recorded.`,
  screenTooLong: `This screen recording is too long to be saved: one screen can be recorded for about an hour (${SCREEN_RECORDING.maxPartsPerScreen} parts) at most.`,
  attemptTooLarge: `The screen recordings of this attempt are too large to be saved: an attempt can hold at most ${SCREEN_RECORDING.maxPartsPerAttempt} parts, two screens of about an hour each.`,
} as const;
