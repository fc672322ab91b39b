/**
 * Screen recording of a sim attempt (learner-and-review.md sections 2, 7, 8 and 9; DECISIONS.md section 6):
 * the constants and texts, written once for the server and the web app.
 */
export const SCREEN_RECORDING = {
  /** screens the learner may record at once, and the default of the radio */
  screenChoices: [1, 2] as const,
  defaultScreens: 2,
  /** getDisplayMedia constraints */
  width: 1920,
  height: 1080,
  frameRate: 30,
  /** the microphone / system audio laid into the recording */
  audioSampleRate: 44100,
  /** MediaRecorder's container */
  recorderMimeType: 'video/webm',
  /** every part of the chunked upload is this size, the last one smaller */
  chunkBytes: 524288,
  /** not in the spec: a part larger than a chunk and a little slack is refused (413) */
  maxChunkBytes: 524288 + 65536,
  /**
   * not in the spec: parts the page sends at once (in order; bench:recording sends as many). Four, as browsers
   * allow six connections to a host: 2 in flight measured 78-85 MB/s over loopback, 4 in flight 101-128.
   */
  uploadsInFlight: 4,
  /**
   * not in the spec: the largest chunkNumber / totalChunks the form accepts (400 above it: no page sends one);
   * what a screen may hold is maxPartsPerScreen below
   */
  maxTotalChunks: 8192,
  /**
   * not in the spec (issue 32): distinct screens (fileNames) one attempt may upload, else 429. The page records
   * at most two (screenChoices, screen-1.webm and screen-2.webm); four leaves room for a page that names its
   * screens otherwise, never for 2,000.
   */
  maxScreensPerAttempt: 4,
  /**
   * not in the spec (issue 32): parts one screen may hold (its totalChunks at most this), else 413: about an
   * hour of recording. The page cuts parts by size (chunkBytes), not time; MediaRecorder, given no bit rate,
   * records 2.5 Mbit/s of video plus 128 kbit/s of audio, so a part holds about 1.6 s, and 3,600 s is about
   * 2,256 parts; 2,500 leaves some 10% for the encoder's bursts. 2,500 × 512 KiB is 1.22 GiB.
   */
  maxPartsPerScreen: 2500,
  /**
   * not in the spec (issue 32): parts (of every screen) one attempt may hold, else 413: two full screens, the
   * most the page records (2 × 2,500 parts, 2.44 GiB). Checked before a part is stored, so parts sent at the
   * same moment may pass it together: at most uploadsInFlight a screen more.
   */
  maxPartsPerAttempt: 5000,
  /** not in the spec: the content types a part may carry (MediaRecorder's webm, with or without codecs) */
  acceptedTypes: ['video/webm', 'audio/webm', 'video/x-matroska'] as const,
  /** the page polls the video's status this often after a run (section 9) */
  statusPollMs: 30000,
  /** video dialog zoom */
  zoomMin: 1,
  zoomMax: 10,
  /** the save / best-practice message shows this long (section 9) */
  savedMessageMs: 2500,
  /** not in the spec: a company keeps its recordings this many days at most when it sets a retention */
  retentionMaxDays: 3650,
} as const;

export type ScreenCount = (typeof SCREEN_RECORDING.screenChoices)[number];

/** The built video's status (DECISIONS.md section 6). */
export const VIDEO_STATUSES = ['processing', 'saved', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export const SCREEN_RECORDING_TEXTS = {
  askTitle: 'Screen Recording',
  ask: 'Do you want to start screen recording for this particular SIM?',
  yes: 'Yes',
  no: 'No',
  howMany: 'How many screens do you want to record simultaneously?',
  screens: (n: number) => (n === 1 ? '1 screen' : `${n} screens`),
  cannotStop: 'The screen recording cannot be disabled in between recording of the video',
  cancel: 'Cancel',
  proceed: 'Proceed',
  /** not in the spec: the prompt before the browser's picker for the n-th screen */
  pickScreen: (n: number, of: number) => `Choose screen ${n} of ${of} to share`,
  recording: 'Screen recording in progress',
  uploading:
    'Your screen recording is being uploaded... Please wait, this may take some time depending on the speed and quality of your internet service.',
  uploadProgress: (percent: number) => `${percent}% uploaded`,
  processing: 'Your screen recording is being processed. It can be previewed once it is saved.',
  failed: 'Error in saving the screen recording!',
  /** section 8: the browser cannot capture the display */
  unsupported:
    'Screen recording is not supported by this browser. Please enable the "Experimental Web Platform features" flag (chrome://flags/#enable-experimental-web-platform-features), restart the browser and try again.',
  /** section 8: chunked upload */
  uploadFailed: 'Upload Failed',
  selectFile: 'Please select a file to upload.',
  chunkError: 'Error uploading chunk:',
  /** not in the spec: the learner closed the browser's picker */
  captureDenied: 'Screen recording was not started: no screen was chosen.',
  /** result view */
  save: 'Save',
  saved: 'Screen recording saved',
  markBestPractice: 'Mark as best practice',
  bestPractice: 'Best practice',
  markedBestPractice: 'Screen recording marked as best practice',
  unmarkedBestPractice: 'Screen recording no longer marked as best practice',
  download: 'Download',
  savedOn: (date: string) => `Saved on ${date}`,
  markedOn: (date: string) => `Marked best practice on ${date}`,
  /** not in the spec: the company's retention setting */
  retentionTitle: 'Screen recordings',
  retentionLabel: 'Keep screen recordings for (days)',
  retentionHelp:
    'Recordings older than this are deleted every night, except those marked as best practice. Leave empty to keep them.',
  retentionSaved: 'Screen recording retention saved',
} as const;
