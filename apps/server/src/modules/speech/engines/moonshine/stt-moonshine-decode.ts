import llamaTokenizer from 'llama-tokenizer-js';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { SAMPLE_RATE } from '../audio/stt-audio';
import { argMaxBoosted, boostSequences, KeywordBoost } from './stt-moonshine-boost';

/** The tiny model's decoder shape (its past key/value tensors). */
const SHAPE = { layers: 6, heads: 8, headDim: 36 };
const START_TOKEN = 1;
const END_TOKEN = 2;
/** At most this many tokens per second of audio (Moonshine's own limit: stops a looping decode). */
const TOKENS_PER_SECOND = 6;

export type Ort = typeof import('onnxruntime-node');

/** What one piece of audio was read as: plainly, and with each keyword bonus asked for. */
export interface PieceText {
  text: string;
  boosted: string[];
}

/**
 * Greedy decoding of one piece of audio (as moonshine-js does it, with the decoder's key/value cache); with
 * `phrases`, also with each of `boosts` as the phrases' bonus (stt-moonshine-boost.ts). A boosted decode is
 * the plain one until the first step where the bonus changes the token chosen: it goes on from there, from
 * the plain decode's key/value cache of that step, so a line whose keywords were heard plainly costs nothing
 * more.
 */
export async function generate(
  ort: Ort,
  encoder: InferenceSession,
  decoder: InferenceSession,
  audio: Float32Array,
  boosting: { phrases: readonly string[]; boosts: readonly number[] } = { phrases: [], boosts: [] },
): Promise<PieceText> {
  const encoded = await encoder.run({ input_values: new ort.Tensor('float32', audio, [1, audio.length]) });
  const limit = Math.max(4, Math.trunc((audio.length / SAMPLE_RATE) * TOKENS_PER_SECOND));
  const sequences = boostSequences(boosting.phrases, (t) => llamaTokenizer.encode(t, false, false, false));
  const watched = (sequences.length ? boosting.boosts : [])
    .filter((b) => b > 0)
    .map((bonus) => ({ bonus, boost: new KeywordBoost(sequences, bonus), fork: undefined as Fork | undefined }));
  const plain = await decodeGreedy(ort, decoder, encoded.last_hidden_state, limit, initialState(ort), {
    watch: (state, logits, chosen) => {
      for (const w of watched) {
        if (w.fork) continue;
        const own = argMaxBoosted(logits, logits.length, state.step === 0 ? END_TOKEN : undefined, w.boost);
        if (own !== chosen) w.fork = { state: copyState(state), next: own };
        else if (chosen !== END_TOKEN) w.boost.advance(chosen);
      }
    },
  });
  const boosted: string[] = [];
  for (const bonus of boosting.boosts) {
    const w = watched.find((x) => x.bonus === bonus);
    if (!w?.fork) {
      boosted.push(plain);
      continue;
    }
    const { state, next } = w.fork;
    boosted.push(
      next === END_TOKEN
        ? textOf(state.tokens)
        : await decodeGreedy(ort, decoder, encoded.last_hidden_state, limit, takeToken(state, next, w.boost), {
            boost: w.boost,
          }),
    );
  }
  return { text: plain, boosted };
}

/** Where a decode stands: the tokens written, the next token to feed, the step, the key/value cache. */
interface DecodeState {
  tokens: number[];
  next: number;
  step: number;
  past: Record<string, Tensor>;
}
/** A boosted decode's departure from the plain one: the state after the step where it chose `next`. */
interface Fork {
  state: DecodeState;
  next: number;
}

function initialState(ort: Ort): DecodeState {
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
  return { tokens: [], next: START_TOKEN, step: 0, past };
}

/** A copy to go on from (the tensors are not changed by later steps: each step's outputs are new ones). */
function copyState(state: DecodeState): DecodeState {
  return { tokens: [...state.tokens], next: state.next, step: state.step, past: { ...state.past } };
}

/** The state after the step whose (already run) output chose `token`. */
function takeToken(state: DecodeState, token: number, boost?: KeywordBoost): DecodeState {
  boost?.advance(token);
  return { ...state, tokens: [...state.tokens, token], next: token, step: state.step + 1 };
}

/**
 * Greedy decoding from `state` (its `next` token not yet fed) to the end token or `limit` steps. `watch` sees
 * each step's last logits and the token chosen, with the state after that step's run.
 */
async function decodeGreedy(
  ort: Ort,
  decoder: InferenceSession,
  encoded: Tensor,
  limit: number,
  start: DecodeState,
  options: { boost?: KeywordBoost; watch?: (state: DecodeState, logits: Float32Array, chosen: number) => void } = {},
): Promise<string> {
  let state = start;
  while (state.step < limit) {
    const out = await decoder.run({
      input_ids: new ort.Tensor('int64', BigInt64Array.of(BigInt(state.next)), [1, 1]),
      encoder_hidden_states: encoded,
      use_cache_branch: new ort.Tensor('bool', [state.step > 0], [1]),
      ...state.past,
    });
    const past = { ...state.past };
    for (const [name, value] of Object.entries(out)) {
      if (!name.startsWith('present.')) continue;
      const key = `past_key_values.${name.slice('present.'.length)}`;
      // the encoder's keys and values are computed once, at the first step
      if (state.step === 0 || key.includes('.decoder.')) past[key] = value;
    }
    state = { ...state, past };
    const size = out.logits.dims[out.logits.dims.length - 1];
    const data = out.logits.data as Float32Array;
    const logits = data.subarray(data.length - size);
    // at the first step the end is never taken: in steady noise the tiny model otherwise often writes nothing
    const chosen = argMaxBoosted(logits, size, state.step === 0 ? END_TOKEN : undefined, options.boost);
    options.watch?.(state, logits, chosen);
    if (chosen === END_TOKEN) break;
    state = takeToken(state, chosen, options.boost);
  }
  return textOf(state.tokens);
}

function textOf(tokens: number[]): string {
  const known = tokens.filter((t) => t < llamaTokenizer.vocabById.length);
  return llamaTokenizer.decode(known, false, false).trim();
}
