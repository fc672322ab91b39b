import type {
  PresignedUploadType,
  SimMediaField,
  TAddAttachmentRequest,
  TAddTutorialVideoRequest,
  TCaptivateResponse,
  TCurrentSimResponse,
  TDemoVideoResponse,
  TDocumentsResponse,
  TPresignedUrlRequest,
  TPresignedUrlResponse,
  TRemoveDocumentRequest,
  TRemoveMediaRequest,
  TSimDocument,
  TSimVideo,
  TTutorialVideoResponse,
} from '@sim/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { type OnProgress, sendWithProgress } from '../../../lib/upload-with-progress';

export type { OnProgress };

import { simKeys } from '../../sims/api/get-sims';
import { builderKeys } from './sim-builder-api';

/** The upload fields of a sim as its reads answer them (the contract of the uploads routes). */
export interface SimUploads {
  documents: TSimDocument[];
  tutorial_video: TSimVideo | null;
  captivate_folder_name: string | null;
  captivate_url: string | null;
  captivate_demo_video: TSimVideo | null;
}

/** POST /api/v1/sims/get-presigned-url {type, fileName, sim_id} */
function getPresignedUrl(type: PresignedUploadType, fileName: string, simId: string) {
  const body: TPresignedUrlRequest = { type, fileName, sim_id: simId };
  return apiRequest<TPresignedUrlResponse>('/api/v1/sims/get-presigned-url', { method: 'POST', body });
}

/** A PUT of the raw file to its presigned URL; success needs HTTP 200 (authoring.md section 7). */
async function putFile(presignedUrl: string, file: File, contentType: string, onProgress: OnProgress) {
  await sendWithProgress<unknown>({
    method: 'PUT',
    url: presignedUrl,
    body: file,
    bearer: false,
    contentType,
    okStatus: 200,
    onProgress,
  });
}

/** The signed-URL upload: get-presigned-url, then the PUT. Answers the URL to record the file by. */
async function uploadSigned(
  type: PresignedUploadType,
  simId: string,
  file: File,
  contentType: string,
  onProgress: OnProgress,
) {
  const signed = await getPresignedUrl(type, file.name, simId);
  await putFile(signed.presignedUrl, file, contentType, onProgress);
  return signed.downloadUrl;
}

/** An attachment: get-presigned-url (attachment), PUT, then POST /api/v1/sims/add-attachment. */
export async function uploadAttachment(simId: string, file: File, mimeType: string, onProgress: OnProgress) {
  const url = await uploadSigned('attachment', simId, file, file.type || mimeType, onProgress);
  const body: TAddAttachmentRequest = { id: simId, url, fileName: file.name, mimeType };
  return apiRequest<TDocumentsResponse>('/api/v1/sims/add-attachment', { method: 'POST', body });
}

/** The tutorial video: get-presigned-url (tutorial), PUT, then POST /api/v1/sims/add-tutorial-video/:id. */
export async function uploadTutorialVideo(simId: string, file: File, onProgress: OnProgress) {
  const url = await uploadSigned('tutorial', simId, file, file.type || 'application/octet-stream', onProgress);
  const body: TAddTutorialVideoRequest = { url, fileName: file.name };
  return apiRequest<TTutorialVideoResponse>(`/api/v1/sims/add-tutorial-video/${encodeURIComponent(simId)}`, {
    method: 'POST',
    body,
  });
}

function postFileWithProgress<T>(path: string, field: string, file: File, onProgress: OnProgress) {
  const form = new FormData();
  form.append(field, file);
  return sendWithProgress<T>({ method: 'POST', url: path, body: form, bearer: true, onProgress });
}

/** The learning package: POST /api/v1/sims/add-captivate/:id, multipart field 'folder'. */
export function uploadLearningPackage(simId: string, file: File, onProgress: OnProgress) {
  return postFileWithProgress<TCaptivateResponse>(
    `/api/v1/sims/add-captivate/${encodeURIComponent(simId)}`,
    'folder',
    file,
    onProgress,
  );
}

/** The demo video: POST /api/v1/sims/add-captivate-video/:id, multipart field 'video_blob'. */
export function uploadDemoVideo(simId: string, file: File, onProgress: OnProgress) {
  return postFileWithProgress<TDemoVideoResponse>(
    `/api/v1/sims/add-captivate-video/${encodeURIComponent(simId)}`,
    'video_blob',
    file,
    onProgress,
  );
}

/** PATCH /api/v1/sims/remove-document {simId, documentId} */
export function removeDocument(simId: string, documentId: string) {
  const body: TRemoveDocumentRequest = { simId, documentId };
  return apiRequest<TDocumentsResponse>('/api/v1/sims/remove-document', { method: 'PATCH', body });
}

/** POST /api/v1/sims/remove-media {sim_id, field_type} */
export function removeMedia(simId: string, field: SimMediaField) {
  const body: TRemoveMediaRequest = { sim_id: simId, field_type: field };
  return apiRequest<{ success: true; message: string }>('/api/v1/sims/remove-media', { method: 'POST', body });
}

/** The upload fields of the builder's sim (empty before the sim exists). */
export function simUploadsOf(sim: Partial<SimUploads> | null | undefined): SimUploads {
  return {
    documents: sim?.documents ?? [],
    tutorial_video: sim?.tutorial_video ?? null,
    captivate_folder_name: sim?.captivate_folder_name ?? null,
    captivate_url: sim?.captivate_url ?? null,
    captivate_demo_video: sim?.captivate_demo_video ?? null,
  };
}

/**
 * Writes an answer of the upload routes into the builder's cached sim (the answer is the server's state of
 * those fields), and refreshes the sim list, whose updated time changed.
 */
export function useSimUploadsUpdate(simId: string | null) {
  const queryClient = useQueryClient();
  return useCallback(
    (change: Partial<SimUploads>) => {
      if (simId === null) return;
      const key = builderKeys.sim(simId);
      queryClient.setQueryData<TCurrentSimResponse>(key, (old) =>
        old ? { ...old, sim: { ...old.sim, ...change } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: simKeys.lists() });
    },
    [queryClient, simId],
  );
}
