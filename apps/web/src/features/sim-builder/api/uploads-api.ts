import {
  type PresignedUploadType,
  type SimMediaField,
  simUploadsApi,
  type TCurrentSimResponse,
  type TSimDocument,
  type TSimVideo,
} from '@sim/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { type OnProgress, sendFormWithProgress, sendWithProgress } from '../../../lib/upload-with-progress';

export type { OnProgress };

import { simKeys } from '../../../lib/sim-queries';
import { builderKeys } from './sim-builder-api';

/** The upload fields of a sim as its reads answer them (the contract of the uploads routes). */
export interface SimUploads {
  documents: TSimDocument[];
  tutorial_video: TSimVideo | null;
  captivate_folder_name: string | null;
  captivate_url: string | null;
  captivate_demo_video: TSimVideo | null;
}

function getPresignedUrl(type: PresignedUploadType, fileName: string, simId: string) {
  return apiRequest(simUploadsApi.presignedUrl, { body: { type, fileName, sim_id: simId } });
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

/** An attachment: get-presigned-url (attachment), PUT, then add-attachment. */
export async function uploadAttachment(simId: string, file: File, mimeType: string, onProgress: OnProgress) {
  const url = await uploadSigned('attachment', simId, file, file.type || mimeType, onProgress);
  return apiRequest(simUploadsApi.addAttachment, { body: { id: simId, url, fileName: file.name, mimeType } });
}

/** The tutorial video: get-presigned-url (tutorial), PUT, then add-tutorial-video. */
export async function uploadTutorialVideo(simId: string, file: File, onProgress: OnProgress) {
  const url = await uploadSigned('tutorial', simId, file, file.type || 'application/octet-stream', onProgress);
  return apiRequest(simUploadsApi.addTutorialVideo, { params: { id: simId }, body: { url, fileName: file.name } });
}

function fileForm(field: string, file: File) {
  const form = new FormData();
  form.append(field, file);
  return form;
}

/** The learning package: multipart field 'folder'. */
export function uploadLearningPackage(simId: string, file: File, onProgress: OnProgress) {
  return sendFormWithProgress(
    simUploadsApi.addPackage,
    { params: { id: simId }, form: fileForm('folder', file) },
    onProgress,
  );
}

/** The demo video: multipart field 'video_blob'. */
export function uploadDemoVideo(simId: string, file: File, onProgress: OnProgress) {
  return sendFormWithProgress(
    simUploadsApi.addDemoVideo,
    { params: { id: simId }, form: fileForm('video_blob', file) },
    onProgress,
  );
}

export function removeDocument(simId: string, documentId: string) {
  return apiRequest(simUploadsApi.removeDocument, { body: { simId, documentId } });
}

export function removeMedia(simId: string, field: SimMediaField) {
  return apiRequest(simUploadsApi.removeMedia, { body: { sim_id: simId, field_type: field } });
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
