/** A speaker's MLLR transform (stt-adapt.ts), in the text form mllr_solve writes and pocketsphinx reads. */

/**
 * Checks a transform's shape (classes, streams, then per stream its size and A and b of finite numbers) before
 * it is stored or handed to a decoder: pocketsphinx exits on a malformed one.
 */
export function checkedTransform(mllr: string): string {
  const numbers = mllr.trim().split(/\s+/).map(Number);
  if (numbers.some((n) => !Number.isFinite(n))) throw new Error('MLLR transform: not numbers');
  let at = 0;
  const classes = numbers[at++];
  const streams = numbers[at++];
  if (classes !== 1 || !(streams >= 1 && streams <= 4)) throw new Error('MLLR transform: unexpected shape');
  for (let s = 0; s < streams; s++) {
    const n = numbers[at++];
    if (!(n >= 1 && n <= 64)) throw new Error('MLLR transform: unexpected size');
    at += n * n + n + n; // A, b, and the variance scaling
  }
  if (at !== numbers.length) throw new Error('MLLR transform: wrong length');
  return mllr;
}
