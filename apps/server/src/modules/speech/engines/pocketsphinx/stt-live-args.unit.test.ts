import { describe, expect, it } from 'vitest';
import { BIASED_DECODER_ARGS, liveDecoderArgs } from '../recognizer';

describe('a stream’s live decoder options', () => {
  it('keeps the voice activity detector and every other option of the graded decodes', () => {
    expect(BIASED_DECODER_ARGS).toContain('-remove_silence');
    const live = liveDecoderArgs(BIASED_DECODER_ARGS);
    expect(live).not.toContain('-remove_silence');
    expect(live).not.toContain('no');
    expect(live).toEqual(['-warp_type', 'inverse_linear', '-warp_params', '0.95']);
  });

  it('passes other options through unchanged', () => {
    expect(liveDecoderArgs(['-lw', '6.5'])).toEqual(['-lw', '6.5']);
    expect(liveDecoderArgs(undefined)).toEqual([]);
    expect(liveDecoderArgs(['-remove_silence', 'no'])).toEqual([]);
  });
});
