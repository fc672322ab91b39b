/**
 * The capture settings of every recorder of a learner's or an author's voice that the server grades (the
 * take-sim screen and Try Test), chosen on what bench:speech:capture measured in Chromium
 * (bench/results/speech.md, "Capture settings"):
 * - echoCancellation on: the customer's clip may still be ringing out of the speakers when the learner
 *   answers, and it must not be graded as the learner's words;
 * - noiseSuppression off: the suppressor gates quiet passages to exact digital zero, and the recogniser
 *   does worse on such silence than on a little room noise (issue 14);
 * - autoGainControl off: automatic gain pumps the level between words; the server normalises the level
 *   of the whole recording instead.
 */
export const LEARNER_AUDIO_CONSTRAINTS = {
  echoCancellation: true,
  noiseSuppression: false,
  autoGainControl: false,
  channelCount: 1,
} as const satisfies CaptureConstraints;

/** The getUserMedia audio constraints the app sets (a plain object: the bench reads it without the DOM types). */
export interface CaptureConstraints {
  echoCancellation: boolean;
  noiseSuppression: boolean;
  autoGainControl: boolean;
  channelCount: number;
}
