/**
 * Texts of the helpdesk. HELPDESK_MESSAGES holds the spec's messages word for word
 * (administration-and-support.md sections 2 and 8) and the server's refusals the spec does not give;
 * HELPDESK_TEXTS the labels of the screens, which the spec names without wording.
 */
import { ASSIGNMENT_MESSAGES } from './assignments';
import { MESSAGES } from './constants';
import { HELPDESK_LIMITS, type TicketCloseStatus, type TicketStatus } from './helpdesk';

const MB = 1024 * 1024;
const OPEN = 'PENDING or IN PROGRESS';

/**
 * not in the spec (issue 32): uploads to presigned URLs that no ticket names yet, per user. At most
 * `maxUnattached` at once (429 beyond): two tickets' worth of attachments (a request being written and
 * files being added to another), so no real request is refused, while a user can no longer fill the disk
 * (20 × 10 MB at most). One still unattached after `graceHours` is deleted: a help dialog is not left open
 * that long (a learner may leave one over a shift, which an hour would not cover), and the quota frees itself
 * within a day. Here beside the texts that word them (HELPDESK_LIMITS is in helpdesk.ts).
 */
export const HELPDESK_UPLOAD_QUOTA = {
  maxUnattached: 2 * HELPDESK_LIMITS.maxAttachments,
  graceHours: 24,
} as const;

export const HELPDESK_MESSAGES = {
  // section 8, word for word
  created: 'The Helpdesk ticket was created successfully.',
  notCreated: 'The Helpdesk ticket was NOT created.',
  attachmentFailed: 'The attachment could not be uploaded.',
  attachmentUploaded: 'The attachment was uploaded successfully.',
  entryFailed: 'The message could not be added to the Helpdesk ticket.',
  deleteFailed: 'Could not delete the Helpdesk Ticket.',
  deleted: 'The Helpdesk Ticket was deleted successfully.',
  updated: 'The Helpdesk ticket was updated successfully.',
  markedRejected: 'The Helpdesk ticket was marked as Rejected successfully.',
  markedResolved: 'The Helpdesk ticket was marked as Resolved successfully.',
  markedClosed: 'The Helpdesk ticket was marked as closed successfully.',
  notFound: MESSAGES.notFound,
  // section 2, word for word
  noPermissionView: ASSIGNMENT_MESSAGES.noPermission,
  noAssignments: ASSIGNMENT_MESSAGES.emptyTab,
  // not in the spec
  markedArchived: 'The Helpdesk ticket was archived successfully.',
  attachmentRemoved: 'The attachment was removed from the Helpdesk ticket.',
  assigned: 'The Helpdesk ticket was assigned successfully.',
  messageRequired: 'Please write your message.',
  statusRefused: (from: TicketStatus, to: TicketCloseStatus) =>
    to === 'ARCHIVED'
      ? `This Helpdesk ticket is ${from}: it can be archived only once it is RESOLVED, REJECTED or CLOSED.`
      : `This Helpdesk ticket is ${from}: it can be marked ${to} only while it is ${OPEN}.`,
  notOpen: (status: TicketStatus, what: string) =>
    `This Helpdesk ticket is ${status}: ${what} only while it is ${OPEN}.`,
  cannotReply: "You don't have permission to reply to this Helpdesk ticket.",
  cannotAttach: "You don't have permission to add attachments to this Helpdesk ticket.",
  cannotDetach: "You don't have permission to remove this attachment.",
  closeNeedsDelete: 'Closing a Helpdesk ticket needs the update and the delete permission.',
  notATrainer: 'This user cannot handle Helpdesk tickets (the Helpdesk Ticket update permission is needed).',
  tooManyAttachments: `A Helpdesk ticket can have at most ${HELPDESK_LIMITS.maxAttachments} attachments.`,
  attachmentTooLarge: `An attachment must be at most ${HELPDESK_LIMITS.attachmentMaxBytes / MB} MB.`,
  attachmentEmpty: 'The attachment is empty.',
  uploadMissing: 'The attachment was not uploaded: upload it to its presigned URL first.',
  uploadNotYours: 'This is not an attachment you uploaded for a Helpdesk ticket.',
  attachmentElsewhere: 'This upload is already attached to another Helpdesk ticket.',
  tooManyUploads: `You have ${HELPDESK_UPLOAD_QUOTA.maxUnattached} uploaded files that are not on a Helpdesk ticket yet, the most allowed. Send your request with the files you have uploaded, or try again later: files not attached to a ticket are deleted after ${HELPDESK_UPLOAD_QUOTA.graceHours} hours.`,
  unknownAttachment: 'This attachment is not on the Helpdesk ticket.',
  levelNotOfSim: 'This level is not a level of the sim.',
  levelNeedsSim: 'A level needs its sim.',
  scriptNotOfLevel: 'This script step is not a step of the level.',
  assignmentNotOfSim: 'This assignment is not an assignment of the sim.',
} as const;

/** What the close call answers for each status it sets. */
export const CLOSE_STATUS_MESSAGES: Record<TicketCloseStatus, string> = {
  RESOLVED: HELPDESK_MESSAGES.markedResolved,
  REJECTED: HELPDESK_MESSAGES.markedRejected,
  CLOSED: HELPDESK_MESSAGES.markedClosed,
  ARCHIVED: HELPDESK_MESSAGES.markedArchived,
};

/** The bell's notifications of a ticket (to its creator and its assignee, never to the one who acted). */
export const HELPDESK_NOTIFICATIONS = {
  reply: (ticket: number, author: string, message: string) =>
    `${author} replied to Helpdesk ticket #${ticket}: "${message.length > 80 ? `${message.slice(0, 77)}...` : message}"`,
  status: (ticket: number, status: TicketStatus, by: string) =>
    `Helpdesk ticket #${ticket} was marked ${status} by ${by}.`,
  assigned: (ticket: number, assignee: string) => `Helpdesk ticket #${ticket} was assigned to ${assignee}.`,
};

export const HELPDESK_TEXTS = {
  // the shell's button and the help-request dialog
  requestHelp: 'Request help from a trainer',
  dialogTitle: 'Request Help From a Trainer',
  messageLabel: 'Message',
  messageHelp: 'Describe what you are stuck on.',
  attachments: 'Attachments',
  dropHint: 'Drag and drop files here, or',
  browse: 'BROWSE',
  fileInput: 'Attach files',
  removeAttachment: (name: string) => `Remove ${name}`,
  uploading: (percent: number) => `Uploading ${percent}%`,
  uploaded: 'Uploaded',
  uploadError: 'Error',
  context: 'Sent with your request',
  send: 'SEND',
  cancel: 'CANCEL',
  // the helpdesk screen
  helpRequests: 'Help Requests',
  readyForReview: 'Ready For Review',
  tabsLabel: 'Helpdesk tabs',
  greeting: (part: string, name: string) => `Good ${part}, ${name}`,
  summaryTitle: 'Helpdesk summary',
  filtersLabel: 'Ticket filters',
  filterLabels: {
    unassigned: 'Unassigned',
    pending: 'Pending',
    inProgress: 'In Progress',
    resolved: 'Resolved',
    rejected: 'Rejected',
    archived: 'Archived',
  },
  total: 'Total',
  searchTickets: 'Search tickets',
  noTickets: 'There are no Helpdesk tickets.',
  noTicketsFound: 'No Helpdesk tickets match your search and filters.',
  ticketsTable: 'Help requests',
  reviewTable: 'Assignments ready for review',
  columns: {
    ticket: 'TICKET',
    creator: 'CREATOR',
    message: 'MESSAGE',
    status: 'STATUS',
    sim: 'SIM',
    level: 'LEVEL',
    script: 'SCRIPT',
    created_at: 'CREATED',
    owner: 'OWNER',
    actions: 'ACTIONS',
    assigned_to: 'ASSIGNED TO',
    tool_type: 'TOOL TYPE',
    assignment: 'ASSIGNMENT',
    assigned_on: 'ASSIGNED ON',
    assigned_by: 'ASSIGNED BY',
    send_for_review_date: 'SENT FOR REVIEW DATE',
  },
  moreMessages: (n: number) => `${n} more messages`,
  showMore: 'Show more',
  showLess: 'Show less',
  open: (ticket: number) => `Open ticket #${ticket}`,
  review: (title: string) => `Review ${title}`,
  unassigned: 'Unassigned',
  none: '—',
  // the ticket detail dialog
  ticketTitle: (ticket: number) => `Helpdesk Ticket #${ticket}`,
  creator: 'Creator',
  assignee: 'Assignee',
  sim: 'Sim',
  level: 'Level',
  /** a level by its stored order (from 0): shown from 1, as the level cards number them (issue 31) */
  levelValue: (order: number, name: string) => `Level ${order + 1}: ${name}`,
  script: 'Script',
  scriptValue: (order: number) => `Step ${order}`,
  hint: 'Hint',
  scriptAudio: 'Script audio',
  learnerAudio: "Learner's recording",
  page: 'Page',
  assignmentStatus: 'Assignment status',
  conversation: 'Messages',
  replyLabel: 'Reply',
  sendReply: 'Send reply',
  resolve: 'RESOLVE',
  reject: 'REJECT',
  close: 'Close ticket',
  archive: 'ARCHIVE',
  delete: 'Delete ticket',
  deleteTooltip: 'Deleting a Helpdesk ticket cannot be undone.',
  deleteTitle: 'Delete Helpdesk Ticket',
  deleteMessage: 'This Helpdesk ticket, its messages and attachments will be deleted. This cannot be undone.',
  deleteConfirm: 'DELETE',
  assignTo: 'Assign to',
  assignToMe: 'Assign to me',
  assign: 'ASSIGN',
  statusMessage: 'Message to the learner (optional)',
  closeDialogTitle: (status: TicketCloseStatus) =>
    status === 'ARCHIVED' ? 'Archive the ticket' : `Mark the ticket ${status}`,
  entryAction: {
    create: 'asked for help',
    reply: 'replied',
    status: 'changed the status',
    assign: 'assigned the ticket',
  },
  noPermissionReply: "You don't have permission to reply",
  noPermissionUpdate: "You don't have permission to update",
  noPermissionClose: "You don't have permission to close (update and delete are needed)",
  /** not in the spec (issue 31): why the reply box is not offered */
  replyNoPermission: "You can read this ticket, but you don't have permission to reply to it.",
  replyClosed: (status: TicketStatus) => `This ticket is ${status}: it takes no more replies.`,
  /** not in the spec (issue 31): the place a help request comes from, by names instead of the URL */
  helpPlace: (p: { page: string; sim?: string | null; level?: string | null; step?: string | null }) =>
    [p.page, p.sim, p.level, p.step].filter((x): x is string => Boolean(x)).join(' › '),
  currentStep: 'the step you are on',
  noPermissionDelete: "You don't have permission to delete",
  addAttachment: 'Add attachment',
} as const;

/** The screens a help request may come from, by path (issue 31: the helpdesk names a page, not its URL). */
const HELP_PAGE_NAMES: readonly [path: string, name: string][] = [
  ['/sims/takesim', 'Take sim'],
  ['/sims/createsim', 'Sim builder'],
  ['/sims/preview', 'Sim preview'],
  ['/sims/print', 'Sim print'],
  ['/sims', 'Sims'],
  ['/dashboard', 'Dashboard'],
  ['/helpdesk', 'Helpdesk'],
  ['/admin/createuser', 'Admin'],
  ['/admin', 'Admin'],
  ['/settings', 'Settings'],
  ['/', 'Dashboard'],
];

/**
 * The name of the screen a help request was sent from (its stored page: path and query): the screen's name
 * for the app's own paths, else the path without its query (ids stay out of sight either way).
 */
export function helpPageName(page: string): string {
  const path = (page.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
  return HELP_PAGE_NAMES.find(([p]) => p === path)?.[1] ?? path;
}
