import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './stt-moonshine';
import { generate, type Ort } from './stt-moonshine-decode';

/**
 * A worker thread of MoonshineRecognizer (stt-moonshine.ts): loads the model's two ONNX sessions once and
 * decodes the pieces of audio it is sent, one request at a time. Bundled as dist/moonshine-worker.js.
 */
const { modelDir } = workerData as { modelDir: string };

const sessions = (async () => {
  const ort: Ort = await import('onnxruntime-node');
  const options = { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' as const };
  const [encoder, decoder] = await Promise.all(
    ['encoder_model.onnx', 'decoder_model_merged.onnx'].map((f) =>
      ort.InferenceSession.create(path.join(modelDir, f), options),
    ),
  );
  return { ort, encoder, decoder };
})();
// a load failure is answered to each request
sessions.catch(() => undefined);

parentPort?.on('message', async (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const { ort, encoder, decoder } = await sessions;
    const cpu = process.cpuUsage();
    const boosting = { phrases: request.phrases ?? [], boosts: request.boosts ?? [] };
    const pieces = [];
    for (const piece of request.pieces) pieces.push(await generate(ort, encoder, decoder, piece, boosting));
    const used = process.cpuUsage(cpu);
    reply = { id: request.id, pieces, cpuSeconds: (used.user + used.system) / 1e6 };
  } catch (err) {
    reply = { id: request.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
});
