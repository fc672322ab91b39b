import { MESSAGES, scriptsApi, ZLineUploadResponse } from '@sim/shared';
import { ApiError } from '../../../lib/api-client';
import { type OnProgress, sendFormWithProgress } from '../../../lib/upload-with-progress';

export interface UploadLineInput {
  attemptId: string;
  scriptId: string;
  audio: Blob;
  /** the live transcript: the final one if any, else the last partial */
  transcript: string;
  /** the live stream of the take, when its final came */
  streamId?: string;
}

/** The file name sent with the recording, by its type (the server reads WebM/Opus, OGG, WAV or MP3). */
export function recordingFileName(audio: Blob): string {
  if (audio.type.includes('ogg')) return 'line.ogg';
  if (audio.type.includes('wav')) return 'line.wav';
  if (audio.type.includes('mp4')) return 'line.m4a';
  return 'line.webm';
}

/**
 * POST grade-transcription (multipart sim_level_user_response = the attempt id, script_id, audio_blob,
 * transcribed_text): the server keeps the take as MP3, grades it in the background and answers the line id
 * at once. The route also serves the author's Try Test, so its answer is read against the attempt's shape.
 */
export async function uploadLine(input: UploadLineInput, onProgress: OnProgress): Promise<string> {
  const form = new FormData();
  form.append('sim_level_user_response', input.attemptId);
  form.append('script_id', input.scriptId);
  form.append('transcribed_text', input.transcript);
  if (input.streamId) form.append('stream_id', input.streamId);
  form.append('audio_blob', input.audio, recordingFileName(input.audio));
  const answer: unknown = await sendFormWithProgress(scriptsApi.gradeTranscription, { form }, onProgress);
  const parsed = ZLineUploadResponse.safeParse(answer);
  if (!parsed.success) throw new ApiError(200, 'BAD_RESPONSE', MESSAGES.internal);
  return parsed.data.id;
}
