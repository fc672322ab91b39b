import {
  type AssignmentStatus,
  HELPDESK_LIMITS,
  resultsApi,
  routePath,
  type TicketEntryAction,
  type TicketStatus,
  type TTicket,
  type TTicketAttachment,
  type TTicketEntry,
  type TTicketPerson,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { signedFileUrl } from '../../lib/signed-files';
import { signPath } from '../../lib/url-signing';
import type { AttachmentRow, EntryRow, TicketRow } from './repository';

/** Rows of the helpdesk as the calls answer them (administration-and-support.md section 3). */

const TTL = HELPDESK_LIMITS.fileUrlTtlSeconds;

const person = (id: string | null, name: string | null, pic: string | null): TTicketPerson | null =>
  id ? { _id: id, full_name: name ?? '', profile_picture_url: pic } : null;

export function toEntry(r: EntryRow): TTicketEntry {
  return {
    _id: r.id,
    action: r.action as TicketEntryAction,
    message: r.message,
    status: (r.status as TicketStatus | null) ?? null,
    created_by: r.createdById,
    creator_name: r.creatorName ?? '',
    creator_role: r.creatorRole,
    creator_picture_url: r.creatorPic,
    created_at: r.createdAt.toISOString(),
  };
}

export function toAttachment(deps: AppDeps, r: AttachmentRow): TTicketAttachment {
  return {
    attachment_id: r.id,
    file_name: r.fileName,
    file_type: r.fileType,
    file_size: r.fileSize,
    url: signedFileUrl(deps, r.blobKey, TTL).url,
    status: 'uploaded',
    progress: 100,
    created_by: r.createdById,
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * The learner's recording of a line, through the result view's recording route: signed for this viewer, and
 * that route checks again, when it is fetched, that the viewer may read the learner's results.
 */
function learnerRecordingUrl(deps: AppDeps, actor: Actor, lineId: string): string {
  return signPath(
    deps.urlKey,
    routePath(resultsApi.recording.url, { id: lineId }),
    TTL,
    deps.now(),
    `${actor.userId}:${actor.companyId}`,
  );
}

export interface TicketExtras {
  entries: EntryRow[];
  attachments: AttachmentRow[];
  /** the learner's take of the ticket's script in its attempt (a line id), when recorded */
  recordedLineId?: string | null;
}

export function toTicket(deps: AppDeps, actor: Actor, r: TicketRow, extras: TicketExtras): TTicket {
  return {
    _id: r.id,
    ticket_id: r.number,
    status: r.status,
    created_by: person(r.createdById, r.creatorName, r.creatorPic),
    assigned_to: person(r.assignedToId, r.assigneeName, r.assigneePic),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    sim: r.simTitle,
    sim_id: r.simId,
    sim_level_id: r.simLevelId,
    level: r.levelName !== null && r.levelOrder !== null ? { order: r.levelOrder, name: r.levelName } : null,
    script:
      r.scriptId !== null
        ? {
            _id: r.scriptId,
            order: r.scriptOrder ?? 0,
            hint_text: r.scriptHint ?? '',
            voice: r.scriptVoice,
            script: r.scriptText ?? '',
            audio_url: r.scriptAudioKey ? signedFileUrl(deps, r.scriptAudioKey, TTL).url : null,
            agent_recorded_url: extras.recordedLineId ? learnerRecordingUrl(deps, actor, extras.recordedLineId) : null,
          }
        : null,
    assignment_id: r.assignmentId,
    assignment:
      r.assignmentId && r.assignmentStatus
        ? { _id: r.assignmentId, status: r.assignmentStatus as AssignmentStatus }
        : null,
    page: r.page,
    message: r.message,
    entries: extras.entries.map(toEntry),
    messages_count: r.messagesCount,
    attachments: extras.attachments.map((a) => toAttachment(deps, a)),
    attachments_count: r.attachmentsCount,
  };
}
