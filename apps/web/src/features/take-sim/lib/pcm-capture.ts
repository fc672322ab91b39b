import workletUrl from './pcm-capture.worklet.js?no-inline&url';

/** A running capture of the microphone's samples. */
export interface PcmCapture {
  /** the rate of the samples handed over (the audio context's) */
  sampleRate: number;
  /** hands over what is still buffered, then releases the audio graph */
  stop(): Promise<void>;
}

/** a batch of samples, and their rate (the audio context's) */
type OnChunk = (samples: Float32Array, sampleRate: number) => void;

const SCRIPT_PROCESSOR_FRAMES = 4096;
/** how long stop() waits for the worklet's last batch */
const FLUSH_WAIT_MS = 60;
/** how long a suspended context may take to resume before the capture goes on without live audio */
const RESUME_WAIT_MS = 800;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function audioContextClass(): typeof AudioContext | null {
  const g = globalThis as typeof globalThis & { webkitAudioContext?: typeof AudioContext };
  if (typeof g.AudioContext === 'function') return g.AudioContext;
  return g.webkitAudioContext ?? null;
}

async function withWorklet(context: AudioContext, source: MediaStreamAudioSourceNode, onChunk: OnChunk) {
  await context.audioWorklet.addModule(workletUrl);
  const node = new AudioWorkletNode(context, 'pcm-capture', {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    channelCount: 1,
    channelCountMode: 'explicit',
  });
  node.port.onmessage = (event: MessageEvent<Float32Array>) => onChunk(event.data, context.sampleRate);
  source.connect(node);
  // the node writes silence; connected so that the graph pulls it in every browser
  node.connect(context.destination);
  return async () => {
    node.port.postMessage('flush');
    await wait(FLUSH_WAIT_MS);
    node.port.onmessage = null;
    source.disconnect();
    node.disconnect();
  };
}

function withScriptProcessor(context: AudioContext, source: MediaStreamAudioSourceNode, onChunk: OnChunk) {
  const node = context.createScriptProcessor(SCRIPT_PROCESSOR_FRAMES, 1, 1);
  node.onaudioprocess = (event) =>
    onChunk(new Float32Array(event.inputBuffer.getChannelData(0)), event.inputBuffer.sampleRate);
  source.connect(node);
  node.connect(context.destination);
  return async () => {
    node.onaudioprocess = null;
    source.disconnect();
    node.disconnect();
  };
}

/**
 * Hands the microphone's samples over as they come: an AudioWorklet where the browser has one, a
 * ScriptProcessor otherwise. Answers null when the browser has no Web Audio (the recording then goes on
 * without a live transcript).
 */
export async function startPcmCapture(stream: MediaStream, onChunk: OnChunk): Promise<PcmCapture | null> {
  const Context = audioContextClass();
  if (!Context) return null;
  const context = new Context();
  if (context.state === 'suspended') await Promise.race([context.resume().catch(() => {}), wait(RESUME_WAIT_MS)]);
  const source = context.createMediaStreamSource(stream);
  let release: () => Promise<void>;
  try {
    release =
      context.audioWorklet && typeof AudioWorkletNode !== 'undefined'
        ? await withWorklet(context, source, onChunk)
        : withScriptProcessor(context, source, onChunk);
  } catch {
    release = withScriptProcessor(context, source, onChunk);
  }
  return {
    sampleRate: context.sampleRate,
    stop: async () => {
      try {
        await release();
      } finally {
        await context.close().catch(() => {});
      }
    },
  };
}
