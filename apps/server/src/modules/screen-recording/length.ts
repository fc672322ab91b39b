/**
 * The length of an attempt's video, decided by the server (issue 32): the page's `duration` is a hint that
 * may shorten the video, never lengthen it beyond what the recordings hold. Each screen holds the span of its
 * packets (probe.ts heldSeconds, the container's header not believed); the video ends when the last screen
 * ends (its offset from the page's stamps plus what it holds) and is never longer than all the screens put
 * end to end, so the stamps cannot stretch it either. Crafted packet times (three seconds of frames, then one
 * a day later) are bounded by the attempt's age on the server's clock: no recording of an attempt is longer
 * than the time from the attempt's start to the build's request, plus ATTEMPT_AGE_SLACK_SECONDS.
 */

/** What the attempt's age may fall short of its recording by (the recorder's first frame, rounding). */
export const ATTEMPT_AGE_SLACK_SECONDS = 15;

export interface VideoLengthInput {
  /** the page's duration (build-screen-share-video's `duration`), seconds */
  requestedSeconds: number;
  /** each screen's start after the earliest, seconds (from the page's stamps) */
  offsetsSeconds: number[];
  /** what each screen's packets hold, seconds */
  heldSeconds: number[];
  /** from the attempt's start to the build's request on the server's clock, seconds; null: not known */
  attemptAgeSeconds: number | null;
}

/** The video's length in seconds: 0 when the screens hold nothing. */
export function videoSeconds(input: VideoLengthInput): number {
  const { requestedSeconds, offsetsSeconds, heldSeconds, attemptAgeSeconds } = input;
  if (heldSeconds.length === 0) return 0;
  const held = heldSeconds.map((s) => (Number.isFinite(s) && s > 0 ? s : 0));
  const ends = held.map((s, i) => Math.max(0, offsetsSeconds[i] ?? 0) + s);
  const bounds = [
    Number.isFinite(requestedSeconds) && requestedSeconds > 0 ? requestedSeconds : 0,
    Math.max(...ends),
    held.reduce((sum, s) => sum + s, 0),
  ];
  if (attemptAgeSeconds !== null && Number.isFinite(attemptAgeSeconds))
    bounds.push(Math.max(0, attemptAgeSeconds) + ATTEMPT_AGE_SLACK_SECONDS);
  return Math.min(...bounds);
}
