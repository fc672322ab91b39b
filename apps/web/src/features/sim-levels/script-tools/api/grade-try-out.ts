import { scriptsApi } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

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
 * Multipart sim_level_user_response=1, script_id, audio_blob: the server transcribes the author's recording
 * and grades it against the script's keywords and tests.
 */
export async function gradeTryOut({ scriptId, audio }: TryOutInput) {
  const form = new FormData();
  form.append('sim_level_user_response', '1');
  form.append('script_id', scriptId);
  form.append('audio_blob', audio, fileNameOf(audio));
  const answer = await apiRequest(scriptsApi.gradeTranscription, { form });
  // the route also takes a learner's recording (then it answers only the line id); "1" answers the grade
  if (!('script_id' in answer)) throw new Error('The server did not grade the Try Test recording.');
  return answer;
}

export function useGradeTryOut() {
  return useMutation({ mutationFn: gradeTryOut });
}
