/**
 * The authoring area (authoring.md; DECISIONS.md section 3): sim kinds, call types, characters, level
 * names, limits and the spec's messages, word for word where the spec gives them.
 */
import { ADMIN_TEXTS, PAGE_SIZE } from './constants';
import { DEFAULT_OVERALL_CONFIDENCE } from './grading/constants';
import type { VoiceName } from './speech';

/** The sim kind follows the product: the product named 'Hiring SIM' gives hiring, any other training. */
export const SIM_TYPES = ['hiring', 'training'] as const;
export type SimType = (typeof SIM_TYPES)[number];
export const DEFAULT_SIM_TYPE: SimType = 'training';
export const HIRING_PRODUCT_NAME = 'Hiring SIM';
export const simTypeOfProduct = (productName: string): SimType =>
  productName === HIRING_PRODUCT_NAME ? 'hiring' : 'training';
/** Product types that add or hide the Data Input step. */
export const PRODUCT_TYPE_INTERNAL_DATA = 'Internal Data';
export const PRODUCT_TYPE_VOICE_ONLY = 'Voice Only';

export const CALL_TYPES = [
  'Physician Referral',
  'Appointment',
  'General Information',
  'Insurance',
  'My CSLink',
  'Center Referral',
] as const;
export type CallType = (typeof CALL_TYPES)[number];
export const DEFAULT_CALL_TYPE: CallType = CALL_TYPES[0];

/** Wizard steps (DECISIONS.md section 3): 0 Basic Info, 1 Select Avatars, 2 Create Levels, 3 Data Input. */
export const WIZARD_STEPS = ['Basic Info', 'Select Avatars', 'Create Levels', 'Data Input'] as const;
export const LAST_WIZARD_STEP = WIZARD_STEPS.length - 1;

export const CHARACTER_TYPES = ['coach', 'agent', 'customer', 'other'] as const;
export type CharacterType = (typeof CHARACTER_TYPES)[number];

export const AVATAR_COUNT = 24;
export const AVATARS = Array.from({ length: AVATAR_COUNT }, (_, i) => `avatar-${i + 1}`) as [string, ...string[]];
export const DEFAULT_AVATAR = 'avatar-1';

export interface CharacterDefaults {
  type: CharacterType;
  name: string;
  voice: VoiceName;
  avatar: string;
  masked_type: string;
}

/**
 * The characters of a sim that has none (authoring.md section 3). The spec writes the names other than
 * 'You' as a placeholder; the character's role is used until the author names them.
 */
export const DEFAULT_CHARACTERS: readonly CharacterDefaults[] = [
  { type: 'customer', name: 'Customer', voice: 'Kendra', avatar: 'avatar-13', masked_type: 'customer' },
  { type: 'agent', name: 'You', voice: 'Joanna', avatar: 'avatar-6', masked_type: 'agent' },
  { type: 'coach', name: 'Coach', voice: 'Joey', avatar: 'avatar-3', masked_type: 'coach' },
  { type: 'other', name: 'Other', voice: 'Matthew', avatar: 'avatar-19', masked_type: 'other' },
];

/** Script row border colour by character type (section 9). */
export const CHARACTER_COLOURS: Record<CharacterType, string> = {
  coach: '#882647',
  agent: '#EB6D20',
  customer: '#2694D3',
  other: '#2CB174',
};

/** Level 1 and the four levels Generate Sim makes, in order (section 4). */
export const LEVEL_NAMES = [
  'Watch and Learn',
  'Watch the experts',
  'Try w/ scripts',
  'Try w/ keywords',
  'Try w/o help',
] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];
export const DEFAULT_LEVEL_NAME: LevelName = LEVEL_NAMES[0];
export const GENERATED_LEVEL_NAMES = LEVEL_NAMES.slice(1) as unknown as readonly [
  'Watch the experts',
  'Try w/ scripts',
  'Try w/ keywords',
  'Try w/o help',
];
export type GeneratedLevelName = (typeof GENERATED_LEVEL_NAMES)[number];

/**
 * What Generate Sim does to the copy of level 1 (DECISIONS.md section 3):
 *   remove_coach     — coach lines are dropped
 *   auto_populate    — case fields fill themselves on their timers
 *   convert_agent    — agent lines become the learner's turns (spoken by the learner and graded)
 *   include_keywords — the learner sees the keywords, not the full line (the level's only_keywords)
 *   hint_text        — the learner sees the hint instead of the line (the level's hint text)
 *   remove_agent     — the agent's line text is hidden (hide_text on agent lines)
 */
export const GENERATE_FLAGS = [
  'remove_coach',
  'auto_populate',
  'convert_agent',
  'include_keywords',
  'hint_text',
  'remove_agent',
] as const;
export type GenerateFlag = (typeof GENERATE_FLAGS)[number];
export type GenerateSettings = Record<GenerateFlag, boolean>;

const flags = (...on: GenerateFlag[]): GenerateSettings =>
  Object.fromEntries(GENERATE_FLAGS.map((f) => [f, on.includes(f)])) as GenerateSettings;

/** The spec's flags per generated level (section 4). */
export const GENERATED_LEVEL_DEFAULTS: Record<GeneratedLevelName, GenerateSettings> = {
  'Watch the experts': flags('remove_coach', 'auto_populate'),
  'Try w/ scripts': flags('convert_agent'),
  'Try w/ keywords': flags('include_keywords', 'convert_agent'),
  'Try w/o help': flags('remove_agent', 'hint_text', 'remove_coach', 'convert_agent'),
};

/** The level options of the Settings dialog and the names their messages use. */
export const LEVEL_OPTIONS = {
  keyword_score: 'keyword score',
  hint_text: 'hint text',
  real_time_feedback: 'real time feedback',
  send_to_snowfly: 'send to snowfly',
  screenRecording: 'screen recording',
  only_keywords: 'only keywords',
} as const;
export type LevelOption = keyof typeof LEVEL_OPTIONS;

export const AUTHORING_LIMITS = {
  pageSize: PAGE_SIZE,
  maxLevels: 5,
  generatedLevels: GENERATED_LEVEL_NAMES.length,
  maxScriptsPerLevel: 200,
  adminNoteCut: 120,
  maxAttachments: 5,
  attachmentNameCut: 25,
  tutorialVideoMaxBytes: 1073741824,
  demoVideoMaxBytes: 100 * 1024 * 1024,
  titleMax: 255,
  descriptionMax: 5000,
  briefDescriptionMax: 20000,
  adminNoteMax: 2000,
  levelNameMax: 100,
  characterNameMax: 100,
  maskedTypeMax: 100,
  /** every script can be voiced (SPEECH_LIMITS.maxSynthesizeChars) */
  scriptMax: 3000,
  hintTextMax: 3000,
  hotLinksMax: 20,
  hotLinkMax: 2000,
  autopopulateTargetsMax: 200,
  autopopulateTimerMaxSeconds: 3600,
  /** signed audio URLs of scripts stay valid this long (a working session in the builder) */
  audioUrlTtlSeconds: 6 * 3600,
  /** client error reports: per user and minute */
  logErrorPerMinute: 30,
  logErrorMessageMax: 2000,
  logErrorStackMax: 10000,
  defaultOverallConfidence: DEFAULT_OVERALL_CONFIDENCE,
  keywordTooltipMax: 20,
  autopopulateSummaryFields: 3,
  micIconsPerRow: 50,
} as const;

/** Time-outs of the authoring screens (section 9). */
export const AUTHORING_TIMEOUTS_MS = {
  uploadAlert: 3000,
  keywordError: 3000,
  levelOptionAlert: 5000,
  passCriteriaAlert: 2000,
  newScriptHighlight: 3000,
  emptyTrashMessage: 3000,
} as const;

/** Date formats of the sim list and the builder (section 9). */
export const AUTHORING_DATE_FORMATS = { date: 'MMM DD YYYY', dateTime: 'MMM DD YYYY h:mm A' } as const;

export const AUTHORING_TEXTS = {
  // sim list (section 2)
  listTitle: 'Manage and Create Simulators',
  trashTitle: 'Deleted Sims and Create Simulators',
  emptyTitle: 'Looks empty over here!',
  emptyText: 'There are no SIMs added yet!',
  emptyPrompt: 'Are you up for creating new SIM now?',
  simTooltip: (levels: number, scripts: number) => `This SIM has ${levels} Levels and ${scripts} scripts in total`,
  noPermissionCreate: "You don't have permission to create",
  noPermissionUpdate: "You don't have permission to update",
  noPermissionDelete: "You don't have permission to delete",
  createSim: 'CREATE SIM',
  editSim: 'EDIT SIM',
  copySuffix: ADMIN_TEXTS.copySuffix,
  // script row (section 2)
  overwriteClip: 'There is already a clip here. Are you sure you want to record over it?',
  autoGenerateAudio: 'Do you want to auto generate audio?',
  noTests: 'No test are present',
  keywordDialogHint: "Click on 'Enter' button after adding each keyword and then save.",
  autopopulateTitle: 'Select Targets to fill in this level',
} as const;

export const AUTHORING_MESSAGES = {
  // spec texts (sections 5 and 8), word for word
  maxLevels: 'More than 5 levels are not allowed for a sim.',
  duplicated: 'Success! Duplicate Sim Created.',
  duplicateFailed: 'Error in creating duplicate sim. Please try again.',
  hintsImported: 'Hints imported successfully',
  hintsNotImported: 'Could not import Hints into Level',
  levelsGenerated: 'Sim levels generated successfully!!!',
  criteriaSet: 'Criteria is set successfully for this level!!!',
  optionUpdated: (option: string) => `Successfuly updated ${option} feature`,
  optionFailed: (option: string) => `Error in changing ${option} feature`,
  // DECISIONS.md section 3
  maxScripts: `A level can have at most ${AUTHORING_LIMITS.maxScriptsPerLevel} scripts.`,
  // texts the spec does not give
  titleRequired: 'Please enter the title of the sim.',
  descriptionRequired: 'Please enter the description of the sim.',
  dataNotJson: 'The field data must hold the sim as JSON.',
  badLink: 'Each link must be a web address starting with http:// or https://.',
  duplicateLink: 'Each link can be added only once.',
  unknownProduct: 'This product does not exist.',
  simSaved: 'Sim saved successfully.',
  simDeleted: 'Sim moved to the trash.',
  simRecovered: 'Sim restored successfully.',
  trashEmptied: 'Trash emptied successfully.',
  charactersSaved: 'Characters saved successfully.',
  charactersIncomplete: 'Give all four characters, one of each type: coach, agent, customer and other.',
  characterNameRequired: 'Each character needs a name.',
  characterVoiceRequired: 'Each character needs a voice.',
  characterAvatarRequired: 'Each character needs an avatar.',
  stepSaved: 'Step saved.',
  levelNameRequired: 'Please enter the level name.',
  levelRequired: 'Choose the level of the script.',
  levelAdded: 'Level added successfully.',
  levelRenamed: 'Level renamed successfully.',
  levelDeleted: 'Level deleted successfully.',
  scriptRequired: 'Please enter the script.',
  characterRequired: 'Choose the character who speaks the script.',
  scriptSaved: 'Script saved successfully.',
  scriptDeleted: 'Script deleted successfully.',
  keywordsSaved: 'Keywords saved successfully.',
  voiceGenerated: 'Audio generated successfully.',
  nothingToGenerate: 'Add scripts to the first level before generating the sim.',
  generateNamesUnique: 'Each generated level can be chosen only once.',
  sameLevel: 'Choose another level to import the hints into.',
  criteriaRemoved: 'Criteria removed for this level.',
  noCriteriaOnLevel: 'This level has no pass criteria.',
  thresholdRange: 'Thresholds are percentages from 0 to 100.',
  tryOutOnly: 'Only try-outs (sim_level_user_response = 1) are graded here.',
  audioOrText: 'Send the recording in the form field audio_blob, or the transcribed_text.',
  errorLogged: 'Error logged.',
  tooManyErrorReports: 'Too many error reports. Please wait a minute.',
} as const;

/**
 * Labels of the sim list the spec names without giving every word (authoring.md section 2), and the
 * paging line 'Showing X to Y of Z entries'.
 */
export const SIM_LIST_TEXTS = {
  addNewSim: 'ADD NEW SIM',
  trash: 'TRASH',
  sims: 'SIMS',
  emptyTrash: 'Empty Trash',
  product: 'Product',
  allProducts: 'All',
  searchLabel: 'Search sims',
  colSimulator: 'CALL SIMULATOR',
  colType: 'TYPE',
  colCreated: 'CREATED',
  colUpdated: 'UPDATED',
  colAdminNotes: 'ADMIN NOTES',
  colDraft: 'DRAFT',
  colBuiltBy: 'BUILT BY',
  colActions: 'ACTIONS',
  yes: 'Yes',
  no: 'No',
  view: 'View',
  edit: 'Edit',
  delete: 'Delete',
  restore: 'Restore',
  typeLabels: { hiring: 'Hiring', training: 'Training' },
  deleteTitle: 'Delete Sim',
  deleteMessage: (title: string) => `Move the sim '${title}' to the trash?`,
  deleteConfirm: 'DELETE',
  restoreTitle: 'Restore Sim',
  restoreMessage: (title: string) => `Restore the sim '${title}' from the trash?`,
  restoreConfirm: 'RESTORE',
  emptyTrashTitle: 'Empty Trash',
  emptyTrashMessage: 'Delete every sim in the trash for good? This cannot be undone.',
  emptyTrashConfirm: 'DELETE ALL',
  showing: (from: number, to: number, total: number) => `Showing ${from} to ${to} of ${total} entries`,
} as const;

/** Levels import and export through Excel (DECISIONS.md section 3; authoring.md sections 5, 7 and 8). */
export const EXCEL_LEVELS = {
  /**
   * The header row of the 'Levels' sheet of the template and of a level's export, in order: one row per
   * line. Only the first three are required; the others keep what a line carries besides its text.
   */
  columns: [
    'Level Name',
    'Character Type',
    'Script',
    'Keywords',
    'Hint Text',
    'Hide Text',
    'Real-time Feedback',
    'Natural Language',
    'Confidence %',
    'Auto-populate After (s)',
    'Auto-populate Fields',
  ] as const,
  sheet: 'Levels',
  /** the tests of the lines: a line is the n-th row of its level on the Levels sheet (Line, from 1) */
  testsSheet: 'Tests',
  testColumns: ['Level Name', 'Line', 'Test Name', 'Phrasing', 'Coach Intention', 'Keywords', 'Confidence %'] as const,
  /** the options of each level (the Settings dialog and what Generate Sim set) */
  settingsSheet: 'Level Settings',
  settingColumns: [
    'Level Name',
    'Keyword Score',
    'Hint Text',
    'Real-time Feedback',
    'Send to Voice Service',
    'Screen Recording',
    'Only Keywords',
    'Remove Coach',
    'Convert Agent',
    'Remove Agent',
    'Auto-populate',
    'SIM Generated',
  ] as const,
  yes: 'Yes',
  no: 'No',
  phrasing: { flexible: 'Flexible', strict: 'Strict' },
  instructionsSheet: 'Instructions',
  templateFileName: 'Levels_Template.xlsx',
  maxUploadBytes: 5 * 1024 * 1024,
  extensions: ['.xlsx', '.csv'] as const,
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const EXCEL_MESSAGES = {
  // spec texts (sections 5 and 8), word for word (the trailing space is the spec's)
  uploaded: 'Excel Uploaded Successfully ',
  xlsxOnly: 'Please select the file with xlsx format only',
  maxLevels: AUTHORING_MESSAGES.maxLevels,
  // texts the spec does not give
  fileMissing: 'Please select the file to upload (form field file).',
  fileTooLarge: 'The file must be at most 5 MB.',
  unreadable: 'The file could not be read as an Excel workbook or a CSV file.',
  noRows: 'The file has no scripts: fill in the Levels sheet under its header row.',
  missingColumn: (column: string) => `The header row must have the column '${column}'.`,
  row: (row: number, reason: string) => `Row ${row}: ${reason}`,
  levelNameRequired: 'the Level Name is empty.',
  levelNameTooLong: `the Level Name is longer than ${AUTHORING_LIMITS.levelNameMax} characters.`,
  unknownCharacterType: (value: string) => `the Character Type '${value}' is not one of ${CHARACTER_TYPES.join(', ')}.`,
  scriptRequired: 'the Script is empty.',
  scriptTooLong: `the Script is longer than ${AUTHORING_LIMITS.scriptMax} characters.`,
  hintTooLong: `the Hint Text is longer than ${AUTHORING_LIMITS.hintTextMax} characters.`,
  keywords: (reason: string) => `Keywords: ${reason}`,
  tooManyScripts: (level: string) =>
    `the level '${level}' has more than ${AUTHORING_LIMITS.maxScriptsPerLevel} scripts.`,
  noCharacter: (type: string) => `the sim has no ${type} character.`,
  yesNo: (column: string, value: string) => `the ${column} '${value}' is not Yes or No.`,
  percent: (column: string, value: string) => `the ${column} '${value}' is not a whole number from 0 to 100.`,
  seconds: (value: string) =>
    `the Auto-populate After '${value}' is not a whole number of seconds from 0 to ${AUTHORING_LIMITS.autopopulateTimerMaxSeconds}.`,
  autopopulateFields: 'the Auto-populate Fields are not a list of fields written as JSON, as the export writes them.',
  sheetRow: (sheet: string, row: number, reason: string) => `${sheet} row ${row}: ${reason}`,
  unknownLevel: (name: string) => `the level '${name}' has no rows on the Levels sheet.`,
  unknownLine: (name: string, line: string) => `the level '${name}' has no line ${line}.`,
  phrasing: (value: string) => `the Phrasing '${value}' is not Flexible or Strict.`,
  test: (reason: string) => `the test is not valid: ${reason}`,
} as const;

/**
 * The builder wizard's Basic Information and Select Avatars steps (authoring.md sections 2 and 5). Field
 * labels the spec names are word for word; the rest are texts the spec does not give.
 */
export const SIM_BUILDER_TEXTS = {
  // Basic Information (the spec's labels)
  basicInfoTitle: 'Basic Information',
  title: 'Title',
  description: 'Description',
  briefDescription: 'Brief Description',
  adminNotes: 'Admin Notes',
  product: 'Product',
  callTypes: 'Call Types',
  cancel: 'CANCEL',
  next: 'NEXT',
  back: 'Back',
  // Select Avatars (the spec's labels)
  selectAvatarsTitle: 'Select Avatars',
  name: 'Name',
  maskedType: 'Display character type as',
  voice: 'Voice',
  // texts the spec does not give
  simType: 'Sim type',
  simTypeLabels: { hiring: 'Hiring', training: 'Training' },
  simTypeHint: 'The sim type follows the product.',
  features: 'Features',
  autoPopulate: 'Auto populate',
  realTimeFeedback: 'Real time feedback',
  naturalLanguage: 'Natural language',
  draft: 'Draft',
  characterLabels: { coach: 'Coach', agent: 'Agent', customer: 'Customer', other: 'Other' },
  avatars: (character: string) => `Avatar of the ${character}`,
  avatar: (n: number) => `Avatar ${n}`,
  saving: 'Saving…',
  stepper: 'Builder steps',
} as const;
