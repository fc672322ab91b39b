/**
 * The Create Levels step of the builder wizard, its preview and its print page (authoring.md sections 2, 4,
 * 5, 8, 9). Colours, limits and the spec's own messages live in authoring.ts (CHARACTER_COLOURS,
 * AUTHORING_LIMITS, AUTHORING_TIMEOUTS_MS, AUTHORING_TEXTS, AUTHORING_MESSAGES); the labels below are the
 * spec's where it names them and texts the spec does not give otherwise.
 */
import { AUTHORING_LIMITS } from './authoring';

export const CREATE_LEVELS_TEXTS = {
  // header (the spec's labels)
  title: 'Create Levels',
  preview: 'PREVIEW',
  duplicateSim: 'Duplicate Sim',
  import: 'Import',
  print: 'Print',
  back: 'Back',
  next: 'NEXT',
  // header (texts the spec does not give)
  exportLevel: 'Export',
  exportLevelHint: 'Download the selected level as an Excel file',
  printHint: 'Print the script of the selected level',
  previewHint: 'Open the sim as the learner hears it, in a new tab',
  previewDisabled: 'Add a script to a level to preview the sim.',
  saving: 'Saving…',
  // left column
  levels: 'Levels',
  levelsList: 'Levels of the sim',
  addLevel: '+ ADD A LEVEL',
  simGenerated: 'SIM GENERATED',
  generateSim: 'Generate Sim',
  notSaved: 'Not saved yet: drop a character to create it',
  levelName: 'Level name',
  /** the name offered for a level past the spec's five level names */
  levelFallbackName: (n: number) => `Level ${n}`,
  editLevelName: 'Edit Level Name',
  addLevelTitle: 'Add a Level',
  deleteLevel: 'Delete Level',
  deleteLevelMessage: (name: string) => `Delete the level '${name}' and all its scripts?`,
  renameLevelOf: (name: string) => `Rename ${name}`,
  deleteLevelOf: (name: string) => `Delete ${name}`,
  settingsOf: (name: string) => `Settings of ${name}`,
  passCriteriaOf: (name: string) => `Set Pass Criteria of ${name}`,
  copyHintsOf: (name: string) => `Copy hints of ${name}`,
  scriptCount: (n: number) => (n === 1 ? '1 script' : `${n} scripts`),
  // right column
  characters: 'Characters',
  charactersHint: 'Drag a character onto the script, or use its + button to add a line at the end.',
  addLineFor: (name: string) => `Add a line for ${name}`,
  dragCharacter: (name: string) => `Drag ${name} onto the script`,
  // centre canvas
  canvas: (level: string) => `Script of ${level}`,
  emptyLevel: 'This level has no scripts yet.',
  emptyLevelHint: 'Drag a character from the right onto this area to add the first line.',
  dropHere: 'Drop here to add a line',
  // drag and drop, as a screen reader hears it
  dndPickedUp: (item: string) => `Picked up ${item}.`,
  dndOver: (item: string, target: string) => `${item} is over ${target}.`,
  dndNotOver: (item: string) => `${item} is no longer over the script.`,
  dndDropped: (item: string, target: string) => `${item} was dropped on ${target}.`,
  dndCancelled: (item: string) => `Dragging ${item} was cancelled.`,
  dndScript: 'the script',
  dndInstructions:
    'To pick up a character or a line, press space or enter. Use the arrow keys to move it, space or enter to drop it, escape to cancel.',
  noLevels: 'This sim has no levels yet. Drop a character here to create the first one.',
  // script row
  lineNumber: (n: number) => `Line ${n}`,
  dragLine: (n: number) => `Drag line ${n}`,
  moveUp: 'Move line up',
  moveDown: 'Move line down',
  play: 'Play audio',
  pause: 'Pause audio',
  noAudio: 'No audio yet',
  generateAudio: 'Generate audio',
  generatingAudio: 'Generating audio…',
  recordAudio: 'Record audio',
  stopRecording: 'Stop recording',
  recording: 'Recording…',
  uploadingRecording: 'Uploading the recording…',
  editScript: 'Edit script',
  deleteScript: 'Delete script',
  scriptText: 'Script',
  save: 'Save',
  cancel: 'Cancel',
  ok: 'OK',
  yes: 'Yes',
  no: 'No',
  generateAudioTitle: 'Generate Audio',
  recordAudioTitle: 'Record Audio',
  deleteScriptTitle: 'Delete Script',
  deleteScriptMessage: (n: number) => `Delete line ${n}?`,
  deleteConfirm: 'Delete',
  toolbar: (n: number) => `Tools of line ${n}`,
  hiddenText: 'Text hidden from the learner',
  // agent tools
  keywords: 'Keywords',
  noKeywords: 'No keywords',
  manageTests: 'Tests',
  tryTest: 'Try Test',
  hintText: 'Hint Text',
  autopopulate: 'Autopopulate',
  realTimeFeedback: 'Real-time feedback',
  audioSource: 'Audio used',
  recorded: 'recorded',
  generated: 'generated',
  noRecording: 'Record a clip first',
  // microphone strip
  micStrip: 'Agent lines',
  micRow: (n: number) => `Agent lines, row ${n}`,
  micIcon: (n: number, line: number) => `Agent line ${n} (line ${line})`,
  // bulk audio
  generateMissing: 'Generate all missing audio',
  audioJobProgress: 'Audio generation',
  audioJobQueued: 'Waiting to start…',
  audioJobRunning: (done: number, total: number) => `Generating audio: ${done}/${total}`,
  audioJobDone: (done: number, total: number) => `Audio generated: ${done}/${total}`,
  audioJobFailures: (failed: number) =>
    failed === 1 ? '1 line could not be voiced.' : `${failed} lines could not be voiced.`,
  audioJobFailed: 'Generating the audio failed.',
  // import dialog
  importTitle: 'Import Levels',
  importHint: 'Fill in the levels template and upload it: its levels are added after the existing ones.',
  downloadTemplate: 'Download template',
  chooseFile: 'Choose file',
  noFileChosen: 'No file chosen',
  upload: 'Upload',
  close: 'Close',
  // preview and print pages
  previewTitle: 'Preview',
  previewOf: (title: string) => `Preview of ${title}`,
  learnerTurn: 'The learner says this line',
  keywordsOnly: 'Keywords shown to the learner',
  hintShown: 'Hint shown to the learner',
  printOf: (title: string, level: string) => `${title} — ${level}`,
  printAgain: 'Print',
  printNumber: '#',
  levelNotFound: 'This level does not exist.',
  missingSimId: 'Open this page from the builder: the sim is missing.',
} as const;

/** Messages of the Create Levels step the spec does not give. */
export const CREATE_LEVELS_MESSAGES = {
  audioRecorded: 'Recording saved.',
  microphoneRefused: 'The microphone could not be used. Allow the browser to use it and try again.',
  recordingEmpty: 'Nothing was recorded. Try again.',
  levelsImported: 'Levels imported.',
  chooseFile: 'Choose the Excel file to import.',
} as const;

/** The mic strip breaks its line after this many icons (authoring.md section 2). */
export const MIC_ICONS_PER_ROW = AUTHORING_LIMITS.micIconsPerRow;

/**
 * The TUTORIAL button of the stepper's third step (authoring.md section 2): the sim's own tutorial video
 * when one was uploaded on Basic Information, and the built-in guide to building levels.
 */
export const BUILDER_TUTORIAL = {
  button: 'TUTORIAL',
  title: 'Tutorial: building the levels of a sim',
  simVideo: (fileName: string) => `This sim's tutorial video: ${fileName}`,
  noSimVideo: 'No tutorial video was uploaded for this sim (Basic Information, Files and links).',
  close: 'Close',
  steps: [
    'Pick a level on the left, or add one with + ADD A LEVEL (at most 5 levels).',
    'Drag a character from the right onto the script, or use its + button; drop it between lines to place it. Write the line and save it.',
    'Reorder lines by dragging their handle, or with the up and down arrows.',
    "Give every line a voice: generate it in the character's voice, or GENERATE ALL MISSING AUDIO for the level. Agent lines can also be recorded with your microphone.",
    'On agent lines, add the KEYWORDS the learner must say, TESTS with their confidence, and a HINT TEXT; TRY TEST grades your own voice against them.',
    'Use the level tools for its Settings, Set Pass Criteria and copying hints; Generate Sim makes the practice levels from the first one.',
    'PREVIEW opens the sim as the learner meets it; NEXT saves and moves on.',
  ],
} as const;
