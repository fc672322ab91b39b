import { HELPDESK_LIMITS as L, HELPDESK_MESSAGES as M, type TNewTicketAttachment } from '@sim/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { OnProgress } from '../../../lib/upload-with-progress';

/** learner-and-review.md section 4: uploading, then uploaded (progress 100) or error. */
export type UploadStatus = 'uploading' | 'uploaded' | 'error';

export interface AttachmentUpload {
  id: number;
  name: string;
  size: number;
  status: UploadStatus;
  progress: number;
  /** the attachment as the ticket names it, once uploaded */
  attachment: TNewTicketAttachment | null;
  /** why it failed (the server's reason for a refusal it explains) */
  error: string | null;
}

export type UploadFn = (file: File, onProgress: OnProgress) => Promise<TNewTicketAttachment>;

export interface UploadEvents {
  onUploaded?: (name: string) => void;
  onFailed?: (name: string, reason: string | null) => void;
}

/** The server's reason for a 4xx it explains (too large, a type, a used link); none for anything else. */
const reasonOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : null;

let nextId = 1;

/**
 * The attachments of a help request: each file uploads as soon as it is added (several at once, each with
 * its own progress), can be removed one by one (a removed upload's answer is ignored), and ends uploaded or
 * in error. Files over the server's size or count limit are refused before any request.
 */
export function useAttachmentUploads(upload: UploadFn, events: UploadEvents = {}) {
  const [list, setList] = useState<AttachmentUpload[]>([]);
  // the list as last set, read by `add` (which starts uploads: never inside a state updater)
  const items = useRef<AttachmentUpload[]>([]);
  const removed = useRef(new Set<number>());
  const eventsRef = useRef(events);
  eventsRef.current = events;

  const update = useCallback((change: (list: AttachmentUpload[]) => AttachmentUpload[]) => {
    items.current = change(items.current);
    setList(items.current);
  }, []);

  const patch = useCallback(
    (id: number, change: Partial<AttachmentUpload>) => {
      if (removed.current.has(id)) return;
      update((all) => all.map((item) => (item.id === id ? { ...item, ...change } : item)));
    },
    [update],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      let kept = items.current.filter((i) => i.status !== 'error').length;
      const added: AttachmentUpload[] = [];
      const started: [AttachmentUpload, File][] = [];
      for (const file of files) {
        const item: AttachmentUpload = {
          id: nextId++,
          name: file.name,
          size: file.size,
          status: 'uploading',
          progress: 0,
          attachment: null,
          error: null,
        };
        const refusal =
          kept >= L.maxAttachments
            ? M.tooManyAttachments
            : file.size > L.attachmentMaxBytes
              ? M.attachmentTooLarge
              : file.size === 0
                ? M.attachmentEmpty
                : null;
        if (refusal) {
          added.push({ ...item, status: 'error', error: refusal });
          continue;
        }
        kept++;
        added.push(item);
        started.push([item, file]);
      }
      update((list) => [...list, ...added]);
      // held at 99% until the server answers the upload
      for (const [item, file] of started)
        upload(file, (percent) => patch(item.id, { progress: Math.min(percent, 99) })).then(
          (attachment) => {
            if (removed.current.has(item.id)) return;
            patch(item.id, { status: 'uploaded', progress: 100, attachment });
            eventsRef.current.onUploaded?.(file.name);
          },
          (error: unknown) => {
            if (removed.current.has(item.id)) return;
            patch(item.id, { status: 'error', error: reasonOf(error) });
            eventsRef.current.onFailed?.(file.name, reasonOf(error));
          },
        );
    },
    [upload, patch, update],
  );

  const remove = useCallback(
    (id: number) => {
      removed.current.add(id);
      update((all) => all.filter((item) => item.id !== id));
    },
    [update],
  );

  const reset = useCallback(() => {
    for (const item of items.current) removed.current.add(item.id);
    update(() => []);
  }, [update]);

  return useMemo(
    () => ({
      items: list,
      add,
      remove,
      reset,
      uploading: list.some((i) => i.status === 'uploading'),
      attachments: list.flatMap((i) => (i.status === 'uploaded' && i.attachment ? [i.attachment] : [])),
    }),
    [list, add, remove, reset],
  );
}
