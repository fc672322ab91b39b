import { levelsApi, scriptsApi, simUploadsApi, type TSaveScriptRequest, type VoiceName } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSimMutation } from './use-sim-mutation';

/**
 * Creates a script (no _id; with is_level and no sim_level_id its level too) or updates one (text, order,
 * agent_recorded_audio…; fields left out keep their value).
 */
export function saveScript(body: TSaveScriptRequest) {
  return apiRequest(scriptsApi.save, { body });
}

export function deleteScript(body: { sim_id: string; script_id: string }) {
  return apiRequest(scriptsApi.delete, { body });
}

export function generateVoice(body: { sim_id: string; sim_script_id: string; voice?: VoiceName }) {
  return apiRequest(scriptsApi.generateVoice, { body });
}

/** With script_id: that script's real-time feedback only. */
export function setScriptRealTimeFeedback(body: {
  sim_id: string;
  level_id: string;
  script_id: string;
  real_time_feedback: boolean;
}) {
  return apiRequest(levelsApi.realTimeFeedback, { body });
}

/** The author's own recording becomes the script's recorded clip, and the script switches to it. */
export function uploadAudio(body: { sim_id: string; sim_script_id: string; audio: Blob }) {
  const form = new FormData();
  form.append('sim_id', body.sim_id);
  form.append('sim_script_id', body.sim_script_id);
  form.append('audio_blob', body.audio, `recording.${extensionOf(body.audio.type)}`);
  return apiRequest(simUploadsApi.uploadAudio, { form });
}

function extensionOf(mimeType: string): string {
  if (mimeType.includes('ogg')) return 'ogg';
  if (mimeType.includes('wav')) return 'wav';
  if (mimeType.includes('mpeg') || mimeType.includes('mp3')) return 'mp3';
  return 'webm';
}

export const useSaveScript = (simId: string) => useSimMutation(simId, saveScript);
export const useDeleteScript = (simId: string) => useSimMutation(simId, deleteScript);
export const useGenerateVoice = (simId: string) => useSimMutation(simId, generateVoice);
export const useScriptRealTimeFeedback = (simId: string) => useSimMutation(simId, setScriptRealTimeFeedback);
export const useUploadAudio = (simId: string) => useSimMutation(simId, uploadAudio);
