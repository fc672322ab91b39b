import { MESSAGES, type TGradeTranscriptionResponse, UI_MESSAGES, ZErrorBody } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { clearSession, getToken } from '../../../lib/auth-storage';

export interface TryOutInput {
  scriptId: string;
  audio: Blob;
}

/** The file name sent with the recording, by its type (the server reads WebM/Opus, OGG, WAV or MP3). */
function fileNameOf(audio: Blob): string {
  if (audio.type.includes('ogg')) return 'try-test.ogg';
  if (audio.type.includes('wav')) return 'try-test.wav';
  if (audio.type.includes('mp4')) return 'try-test.m4a';
  return 'try-test.webm';
}

/**
 * POST /api/v1/sims/grade-transcription (multipart: sim_level_user_response=1, script_id, audio_blob): the
 * server transcribes the author's recording and grades it against the script's keywords and tests.
 */
export async function gradeTryOut({ scriptId, audio }: TryOutInput): Promise<TGradeTranscriptionResponse> {
  const form = new FormData();
  form.append('sim_level_user_response', '1');
  form.append('script_id', scriptId);
  form.append('audio_blob', audio, fileNameOf(audio));
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch('/api/v1/sims/grade-transcription', { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, 'NETWORK', UI_MESSAGES.networkError);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON
  }
  if (response.ok && body) return body as TGradeTranscriptionResponse;
  if (response.status === 401) clearSession();
  const parsed = ZErrorBody.safeParse(body);
  throw parsed.success
    ? new ApiError(response.status, parsed.data.code, parsed.data.message)
    : new ApiError(response.status, `HTTP_${response.status}`, MESSAGES.internal);
}

export function useGradeTryOut() {
  return useMutation({ mutationFn: gradeTryOut });
}
