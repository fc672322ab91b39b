import { screenRecordingApi, type TBuildScreenShareRequest } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';
import type { ChunkPart } from '../lib/chunked-uploader';

/**
 * POST save-screen-share-stream: one part as a multipart form (id = the attempt, chunkData, chunkNumber,
 * totalChunks, originalname, fileName, fileType).
 */
export async function sendChunk(attemptId: string, part: ChunkPart, signal?: AbortSignal): Promise<void> {
  const form = new FormData();
  form.append('id', attemptId);
  form.append('chunkNumber', String(part.chunkNumber));
  form.append('totalChunks', String(part.totalChunks));
  form.append('originalname', part.fileName);
  form.append('fileName', part.fileName);
  form.append('fileType', part.fileType);
  form.append('chunkData', part.data, part.fileName);
  await apiRequest(screenRecordingApi.saveStream, { form }, { signal });
}

/** POST build-screen-share-video?id= {sources, duration, stamps}: the server builds the MP4 (a job). */
export function buildVideo(attemptId: string, body: TBuildScreenShareRequest, signal?: AbortSignal) {
  return apiRequest(screenRecordingApi.build, { query: { id: attemptId }, body }, { signal });
}
