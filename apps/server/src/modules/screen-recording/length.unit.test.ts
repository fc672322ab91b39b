import { describe, expect, it } from 'vitest';
import { ATTEMPT_AGE_SLACK_SECONDS, type VideoLengthInput, videoSeconds } from './length';

const base: VideoLengthInput = { requestedSeconds: 3, offsetsSeconds: [0], heldSeconds: [3], attemptAgeSeconds: 60 };

describe("videoSeconds: the server's length of a screen video", () => {
  it.each<[string, Partial<VideoLengthInput>, number]>([
    ['the page and the recording agree', {}, 3],
    ['the page asks a day of a 3 s recording (issue 32)', { requestedSeconds: 86_400 }, 3],
    ['the page asks less than the recording: the hint shortens', { requestedSeconds: 2, heldSeconds: [3] }, 2],
    [
      'two screens, the second 1.5 s later ending last',
      { requestedSeconds: 10, offsetsSeconds: [0, 1.5], heldSeconds: [3, 3] },
      4.5,
    ],
    [
      'two screens, the second inside the first',
      { requestedSeconds: 10, offsetsSeconds: [0, 1], heldSeconds: [5, 2] },
      5,
    ],
    [
      'stamps a day apart: never longer than the screens end to end',
      { requestedSeconds: 86_400, offsetsSeconds: [0, 86_000], heldSeconds: [3, 3] },
      6,
    ],
    [
      'packets a day apart in a fresh attempt: its age and the slack',
      { requestedSeconds: 86_400, heldSeconds: [86_402], attemptAgeSeconds: 2 },
      2 + ATTEMPT_AGE_SLACK_SECONDS,
    ],
    [
      'an attempt age not known: the media and the hint',
      { requestedSeconds: 86_400, heldSeconds: [40], attemptAgeSeconds: null },
      40,
    ],
    ['a negative age (clock): the slack alone', { heldSeconds: [3], attemptAgeSeconds: -5 }, 3],
    ['no screen', { heldSeconds: [], offsetsSeconds: [] }, 0],
    ['a screen holding nothing', { heldSeconds: [0] }, 0],
    ['a hint that is not a number', { requestedSeconds: Number.NaN }, 0],
  ])('%s', (_, change, expected) => {
    expect(videoSeconds({ ...base, ...change })).toBeCloseTo(expected, 6);
  });
});
