/**
 * Assignments, attempts and class notes: the constants and texts of learner-and-review.md sections 2, 4,
 * 5 and 9 and DECISIONS.md section 6. Written once here; the server and the web read them.
 */

export const ASSIGNMENT_STATUSES = [
  'NOT STARTED',
  'IN PROGRESS',
  'COMPLETED',
  'PENDING REVIEW',
  'PASS',
  'NO PASS',
] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** Statuses of the Completed tab (a level set is done, reviewed or not). */
export const DONE_STATUSES: readonly AssignmentStatus[] = ['COMPLETED', 'PENDING REVIEW', 'PASS', 'NO PASS'];
/** Statuses of the My Assignments tab (still to do). NO PASS goes back to IN PROGRESS when started again. */
export const OPEN_STATUSES: readonly AssignmentStatus[] = ['NOT STARTED', 'IN PROGRESS'];

/** The dashboard tabs as the list call names them (section 4). */
export const ASSIGNMENT_TABS = ['All_ASSIGNMENT', 'MY_ASSIGNMENT', 'COMPLETED', 'PENDING_REVIEW'] as const;
export type AssignmentTab = (typeof ASSIGNMENT_TABS)[number];

export const ASSIGNMENT_TAB_LABELS: Record<AssignmentTab, string> = {
  All_ASSIGNMENT: 'All Assignment',
  MY_ASSIGNMENT: 'My Assignments',
  COMPLETED: 'Completed',
  PENDING_REVIEW: 'Pending Review',
};

/** Excel export file names per tab (section 7), extension .xlsx. */
export const ASSIGNMENT_EXPORT_NAMES: Record<AssignmentTab, string> = {
  All_ASSIGNMENT: 'All_Assignment',
  MY_ASSIGNMENT: 'My_Assignment',
  COMPLETED: 'Completed_Assignments',
  PENDING_REVIEW: 'Ready_For_Review',
};

export const ASSIGNMENT_SORT_KEYS = [
  'assigned_to',
  'group',
  'tool_type',
  'assignment',
  'assigned_on',
  'assigned_by',
  'notes',
  'review_comments',
  'start_date',
  'send_for_review_date',
  'date_of_review',
  'status',
  'completed_on',
] as const;
export type AssignmentSortKey = (typeof ASSIGNMENT_SORT_KEYS)[number];

export const ASSIGNMENT_LIMITS = {
  pageSize: 10,
  titleCut: 50,
  instructionCut: 90,
  notesMax: 2000,
  badgeMax: 999,
  notesPopover: 4,
  noteSimNameCut: 22,
  classNoteMax: 5000,
  /** keyword polling of real-time feedback: every second, at most 500 tries */
  keywordPollMs: 1000,
  keywordPollTries: 500,
  finalScoreRetryMs: 5000,
  hotLinkCut: 55,
} as const;

/** The bell's notification of a new assignment, to its learner. */
export function newAssignmentNotification(simTitle: string): string {
  return `You have a new assignment: "${simTitle}".`;
}

export const ASSIGNMENT_MESSAGES = {
  emptyFirst: 'There are no Assignments added yet!',
  emptyFirstHint: "Let's get started with first Assignment",
  emptyNone: 'There are no Assignments.',
  emptyTab: 'No Assignments',
  noPermission: 'No Permission For View Assignments, Please Contact Your Administrative!',
  noUpdate: "You don't have permission to update",
  noCreate: "You don't have permission to create",
  noDelete: "You don't have permission to delete",
  noCreateAssignment: 'you dont have permission to create',
  added: 'Assignment added successfully',
  deleted: 'Assignment deleted successfully',
  notesSaved: 'Instruction saved successfully',
  onlyNotStarted: 'Only NOT STARTED assignments can be deleted',
  simNotFound: 'Sim not found',
  memberNotFound: 'Member not found',
  groupNotFound: 'Group not found',
  groupEmpty: 'The group has no members',
  toolMismatch: 'The sim is not built for this tool',
  simNotReady: 'This sim is a draft or has no levels yet, so it cannot be assigned',
  memberOrGroup: 'Choose a member or a group',
  assignmentNotFound: 'Assignment not found',
  levelDrafting: 'under progress! Level not yet drafted completely',
  notCompleted: 'Not yet completed ...',
  noResults: 'No results found',
  checkingResults: 'Checking for results...',
  locked: 'Locked',
  partialRecordings: 'You can not resume levels with partial Screen Sharing recordings.',
} as const;

/** Take-sim texts (sections 2, 4 and 8). */
export const TAKE_SIM_MESSAGES = {
  noTests: 'No tests are present',
  noKeywords:
    'No keywords are present. To try again, please use the Retry button. Otherwise, select the Next button to continue with assignment.',
  socketProblem: 'There was a problem during this recording please retry',
  socketLog: 'Error on the frontend cause by web socket',
  wrapUp: 'Please complete any wrap up tasks, then come back here and click the "All Done" button.',
  inputsSaved: 'Inputs saved successfully',
  /** not in the spec (issue 30): a case-panel value for a field the sim's case layout does not have (400) */
  unknownCaseField: (fieldId: string) => `"${fieldId}" is not a field of this sim's case panel`,
  caseNumberRequired: 'Please enter a case number',
  caseNumberNumeric: 'Case number must be numeric',
  attemptNotFound: 'Attempt not found',
  attemptFinished: 'This attempt is finished',
  lineNotFound: 'Line not found',
  notAgentLine: 'Only the agent lines are recorded',
  /** not in the spec (issue 31): a recording of a line of a level the learner only listens to (422) */
  listeningLevelLine: 'This level is for listening: the learner does not record its lines',
  levelNotAssigned: 'This level is not part of the assignment',
  reviewLocked: 'The assignment is pending review: the level is locked',
  /** not in the spec (issue 31): autoplay ends a take by itself when the learner stops speaking */
  recordingAutoplay: 'Recording… say your line: the recording stops by itself when you finish.',
  /** not in the spec (issue 31): autoplay heard nothing for 10 s after the microphone opened */
  noSpeech: 'We did not hear you say anything, so the recording was stopped. Press Retry to record your line.',
  /** not in the spec (issue 31): a take reached the longest a take of its line can last (takeCapMs) */
  takeTooLong: (seconds: number) =>
    `The recording was stopped after ${Math.round(seconds)} seconds, the longest a take of this line can last. Press Retry to record your line again.`,
} as const;

/**
 * The Excel export of a dashboard tab (GET /api/v1/sims/excel/assignments): every column of the table
 * (ACTIONS aside) in the spec's order, texts in full (not cut), dates as date cells in UTC.
 */
export const ASSIGNMENT_EXPORT = {
  sheet: 'Assignments',
  columns: [
    'ASSIGNED TO',
    'GROUP',
    'TOOL TYPE',
    'ASSIGNMENT',
    'ASSIGNED ON',
    'ASSIGNED BY',
    'INSTRUCTION',
    'MESSAGE TO LEARNER',
    'START DATE',
    'SENT FOR REVIEW DATE',
    'DATE OF REVIEW',
    'STATUS',
    'COMPLETED ON',
  ] as const,
  /** the spec's list date format 'MMM DD YYYY' */
  dateFormat: 'mmm dd yyyy',
  /** at most this many rows in one export; a larger tab is cut and says so in its last row */
  maxRows: 10_000,
  truncatedNote: (max: number) => `Only the first ${max} assignments are exported.`,
} as const;

/** The notepad's download (User_Notes.xlsx). */
export const CLASS_NOTES_EXPORT = {
  sheet: 'Notes',
  columns: ['NOTES', 'SIM', 'CREATED ON', 'UPDATED ON'] as const,
  dateFormat: 'mmm dd yyyy h:mm AM/PM',
} as const;

export const CLASS_NOTE_MESSAGES = {
  saved: 'Note saved successfully',
  deleted: 'Note deleted successfully',
  required: 'Please write a note',
  notFound: 'Note not found',
  empty: 'There are no notes yet.',
  exportName: 'User_Notes',
} as const;

/**
 * Level orders 0-5: the tooltip of each level card (section 2), as DECISIONS.md section 3 sets them: 0-1 watch
 * and learn (Generate Sim's 'Watch and Learn' and 'Watch the experts'), 2 read with the full script ('Try w/
 * scripts'), 3 read with keywords ('Try w/ keywords'), 4 full autoplay ('Try w/o help'), and 5 as 4.
 */
export const LEVEL_ORDER_TOOLTIPS: readonly string[] = [
  'Watch and learn: listen to the whole call',
  'Watch and learn: listen to the whole call',
  'Read with the full script',
  'Read with keywords',
  'Full autoplay',
  'Full autoplay',
];
/** Level order without practice mode. */
export const LEVEL_ORDER_WITHOUT_PRACTICE = 4;

/** Dates of the assignment lists (section 9). */
export const ASSIGNMENT_DATE_FORMAT = 'MMM DD YYYY';

/** The SCORE tab: not one of the list's tabs (it has its own table). */
export const SCORE_TAB = 'SCORE';

/**
 * Labels of the assignments dashboard the spec names without giving every word (section 2), and the
 * honest notes of what comes with the results release (score table, track record, review, result view).
 */
export const ASSIGNMENT_TEXTS = {
  tabsLabel: 'Assignment tabs',
  tabScore: 'SCORE',
  searchLabel: 'Search assignments',
  addAssignment: 'ADD ASSIGNMENT',
  exportExcel: 'Export Excel',
  exportFailed: 'The export failed.',
  unopened: (n: number) => `${n} unopened`,
  colAssignedTo: 'ASSIGNED TO',
  colGroup: 'GROUP',
  colToolType: 'TOOL TYPE',
  colAssignment: 'ASSIGNMENT',
  colAssignedOn: 'ASSIGNED ON',
  colAssignedBy: 'ASSIGNED BY',
  colInstruction: 'INSTRUCTION',
  colMessage: 'MESSAGE TO LEARNER',
  colStartDate: 'START DATE',
  colSentForReview: 'SENT FOR REVIEW DATE',
  colDateOfReview: 'DATE OF REVIEW',
  colStatus: 'STATUS',
  colCompletedOn: 'COMPLETED ON',
  colActions: 'ACTIONS',
  noDate: '—',
  go: 'Go',
  viewOrRetry: 'VIEW OR RETRY',
  trackRecord: 'TRACK RECORD',
  review: 'Review',
  instruction: 'Instruction',
  delete: 'Delete',
  showing: (from: number, to: number, total: number) => `Showing ${from} to ${to} of ${total} entries`,
  // the delete confirmation
  deleteTitle: 'Delete Assignment',
  deleteMessage: (title: string, who: string) => `Delete the assignment '${title}' of ${who}?`,
  deleteConfirm: 'DELETE',
  // the instruction dialog (modes view, add, edit)
  instructionTitles: { view: 'Assignment Instruction', add: 'Add Instruction', edit: 'Edit Instruction' },
  instructionLabel: 'Instruction',
  save: 'SAVE',
  update: 'UPDATE',
  // Add New Assignment
  addTitle: 'Add New Assignment',
  stepTool: 'Select Tool',
  stepSim: 'Select Assignment',
  stepMember: 'Select member',
  stepGroup: 'Select a Group',
  stepInstruction: 'Assignment Instruction',
  toolLabel: 'Tool',
  simLabel: 'Assignment',
  memberLabel: 'Member',
  groupLabel: 'Group',
  groupToggle: 'Select a Group',
  chooseToolFirst: 'Select a tool first',
  noSims: 'This tool has no sims yet.',
  noOptions: 'No matches',
  groupSize: (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`,
  assign: 'ASSIGN',
  // the profile card
  totalSupervisors: 'Total Supervisors',
  totalManagers: 'Total Managers',
  totalAgents: 'Total Agents',
  totalUsers: 'Total Users',
  totalApplicants: 'Total Applicants',
  totalGroups: 'Total Groups',
  completedAssignments: 'Completed Assignments',
  readyForReview: 'Ready for Review',
} as const;

/** Status chips of the lists: MUI colour names per status. */
export const ASSIGNMENT_STATUS_COLORS: Record<
  AssignmentStatus,
  'default' | 'info' | 'primary' | 'warning' | 'success' | 'error'
> = {
  'NOT STARTED': 'default',
  'IN PROGRESS': 'info',
  COMPLETED: 'primary',
  'PENDING REVIEW': 'warning',
  PASS: 'success',
  'NO PASS': 'error',
};

/** The sim detail dialog and its level cards (section 2). */
export const SIM_DETAIL_TEXTS = {
  tutorialVideo: 'TUTORIAL VIDEO',
  testSpeakers: 'TEST SPEAKERS',
  speakersPlaying: 'Playing a sample...',
  speakersFailed: 'The sample could not be played. Please check that your speakers are on.',
  levels: 'Levels',
  level: (order: number) => `LEVEL ${order + 1}`,
  start: 'START',
  lockedHint: 'The level is locked while the assignment is pending review.',
  modeMenu: 'Choose a mode',
  practice: 'Practice',
  practiceHint: 'Step by step, at your own pace',
  autoplay: 'Autoplay',
  autoplayHint: 'The clips play one after another',
  noPractice: 'This level has no practice mode',
  completed: (times: number, attempts: number) =>
    `Completed ${times} ${times === 1 ? 'time' : 'times'} in ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`,
  viewResults: 'View Results',
  unfinished: 'Unfinished attempt',
  resumeTitle: 'Resume Level',
  resumeMessage: 'You have an unfinished attempt of this level. Resume where you left off, or start over?',
  resume: 'RESUME',
  startOver: 'START OVER',
} as const;

/** The notepad (section 2): labels the spec does not give. */
export const CLASS_NOTE_TEXTS = {
  notepad: 'Notepad',
  title: 'My Notes',
  allNotes: 'All Notes',
  viewAll: 'View All',
  addNote: 'Add Note',
  editNote: 'Edit Note',
  noteLabel: 'Note',
  edit: 'Edit',
  delete: 'Delete',
  save: 'SAVE',
  deleteTitle: 'Delete Note',
  deleteMessage: 'Delete this note? This cannot be undone.',
  deleteConfirm: 'DELETE',
  download: 'Download notes (User_Notes.xlsx)',
  downloadFailed: 'The download failed.',
} as const;
