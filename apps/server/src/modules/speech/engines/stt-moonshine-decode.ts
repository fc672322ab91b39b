import llamaTokenizer from 'llama-tokenizer-js';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { SAMPLE_RATE } from './stt-audio';

/** The tiny model's decoder shape (its past key/value tensors). */
const SHAPE = { layers: 6, heads: 8, headDim: 36 };
const START_TOKEN = 1;
const END_TOKEN = 2;
/** At most this many tokens per second of audio (Moonshine's own limit: stops a looping decode). */
const TOKENS_PER_SECOND = 6;

export type Ort = typeof import('onnxruntime-node');

/** Greedy decoding of one piece of audio (as moonshine-js does it, with the decoder's key/value cache). */
export async function generate(
  ort: Ort,
  encoder: InferenceSession,
  decoder: InferenceSession,
  audio: Float32Array,
): Promise<string> {
  const encoded = await encoder.run({ input_values: new ort.Tensor('float32', audio, [1, audio.length]) });
  const past: Record<string, Tensor> = {};
  for (let i = 0; i < SHAPE.layers; i++) {
    for (const part of ['decoder', 'encoder']) {
      for (const kind of ['key', 'value']) {
        past[`past_key_values.${i}.${part}.${kind}`] = new ort.Tensor('float32', new Float32Array(0), [
          0,
          SHAPE.heads,
          1,
          SHAPE.headDim,
        ]);
      }
    }
  }
  const tokens: number[] = [];
  let next = START_TOKEN;
  const limit = Math.max(4, Math.trunc((audio.length / SAMPLE_RATE) * TOKENS_PER_SECOND));
  for (let step = 0; step < limit; step++) {
    const out = await decoder.run({
      input_ids: new ort.Tensor('int64', BigInt64Array.of(BigInt(next)), [1, 1]),
      encoder_hidden_states: encoded.last_hidden_state,
      use_cache_branch: new ort.Tensor('bool', [step > 0], [1]),
      ...past,
    });
    // at the first step the end is never taken: in steady noise the tiny model otherwise often writes nothing
    next = argMaxLast(out.logits, step === 0 ? END_TOKEN : undefined);
    if (next === END_TOKEN) break;
    tokens.push(next);
    for (const [name, value] of Object.entries(out)) {
      if (!name.startsWith('present.')) continue;
      const key = `past_key_values.${name.slice('present.'.length)}`;
      // the encoder's keys and values are computed once, at the first step
      if (step === 0 || key.includes('.decoder.')) past[key] = value;
    }
  }
  const known = tokens.filter((t) => t < llamaTokenizer.vocabById.length);
  return llamaTokenizer.decode(known, false, false).trim();
}

function argMaxLast(logits: Tensor, except?: number): number {
  const data = logits.data as Float32Array;
  const size = logits.dims[logits.dims.length - 1];
  const from = data.length - size;
  let best = 0;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < size; k++) {
    if (k === except) continue;
    const v = data[from + k];
    if (v > bestValue) {
      bestValue = v;
      best = k;
    }
  }
  return best;
}
