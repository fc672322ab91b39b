import { type CaptureConstraints, LEARNER_AUDIO_CONSTRAINTS } from '../../../apps/web/src/lib/capture-settings';

/** A set of getUserMedia audio constraints the bench records with. */
export interface CaptureSettings {
  name: string;
  constraints: CaptureConstraints;
}

export const SETTINGS: CaptureSettings[] = [
  {
    name: "the browser's defaults (all processing on)",
    constraints: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
  },
  { name: "the learner's settings (lib/capture-settings.ts)", constraints: LEARNER_AUDIO_CONSTRAINTS },
  {
    name: 'noise suppression on, automatic gain off',
    constraints: { echoCancellation: true, noiseSuppression: true, autoGainControl: false, channelCount: 1 },
  },
  {
    name: 'all processing off',
    constraints: { echoCancellation: false, noiseSuppression: false, autoGainControl: false, channelCount: 1 },
  },
];

/**
 * The page the browser records in: record(constraints, ms) opens the microphone with the constraints,
 * records ms of it with MediaRecorder (WebM/Opus, as the app's recorders) and answers the bytes in base64.
 */
export const CAPTURE_PAGE = `<!doctype html><meta charset="utf-8"><title>capture</title><script>
window.record = async (constraints, ms) => {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: constraints });
  const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm;codecs=opus' });
  const chunks = [];
  recorder.ondataavailable = (e) => { if (e.data.size) chunks.push(e.data); };
  const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
  recorder.start();
  await new Promise((resolve) => setTimeout(resolve, ms));
  recorder.stop();
  await stopped;
  for (const track of stream.getTracks()) track.stop();
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};
</script>`;
