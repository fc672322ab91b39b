import { constants } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runChecked } from '../../../../lib/process';

/**
 * The acoustic model as SphinxTrain's tools read it (speaker adaptation, stt-adapt.ts). The OS package ships
 * pocketsphinx's decoding form: a binary model definition (`mdef`) and quantized mixture weights (`sendump`).
 * bw needs the text definition (pocketsphinx_mdef_convert) and the weights as floats (read back from
 * sendump here). Made once into a cache folder.
 */

/** The files of the model copied as they are. */
const COPIED = ['means', 'variances', 'transition_matrices', 'noisedict', 'feat.params'] as const;

/** The training form of the model `hmm` under `cacheDir` (made once; a second caller waits for the first). */
const preparing = new Map<string, Promise<string>>();
export function trainingModel(hmm: string, cacheDir: string, mdefConvert = 'pocketsphinx_mdef_convert') {
  const dir = path.join(cacheDir, 'adapt-model');
  let job = preparing.get(dir);
  if (!job) {
    job = prepare(hmm, dir, mdefConvert);
    job.catch(() => preparing.delete(dir));
    preparing.set(dir, job);
  }
  return job;
}

async function prepare(hmm: string, dir: string, mdefConvert: string): Promise<string> {
  const done = path.join(dir, 'ready');
  if (
    await readFile(done, 'utf8').then(
      (v) => v === hmm,
      () => false,
    )
  )
    return dir;
  const tmp = `${dir}.${process.pid}.${Date.now()}.tmp`;
  await mkdir(tmp, { recursive: true });
  try {
    for (const name of COPIED) await copyFile(path.join(hmm, name), path.join(tmp, name), constants.COPYFILE_FICLONE);
    await runChecked(mdefConvert, ['-text', path.join(hmm, 'mdef'), path.join(tmp, 'mdef.txt')]);
    await writeFile(path.join(tmp, 'mixture_weights'), mixtureWeightsOf(await readFile(path.join(hmm, 'sendump'))));
    await writeFile(path.join(tmp, 'ready'), hmm);
    await rm(dir, { recursive: true, force: true });
    await rename(tmp, dir);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
  return dir;
}

/**
 * A sendump file (pocketsphinx's 8-bit log mixture weights) as a SphinxTrain `mixture_weights` file: senones ×
 * streams × densities float32, each mixture normalised. Format of both as pocketsphinx and SphinxTrain's
 * sendump.py / s3file.py read and write them.
 */
export function mixtureWeightsOf(sendump: Buffer): Buffer {
  let at = 0;
  let bigEndian = false;
  const u32 = () => {
    let n = bigEndian ? sendump.readUInt32BE(at) : sendump.readUInt32LE(at);
    if (!bigEndian && n > 65536) {
      bigEndian = true;
      n = sendump.readUInt32BE(at);
    }
    at += 4;
    return n;
  };
  const text = () => {
    const n = u32();
    if (n === 0) return null;
    const s = sendump.subarray(at, at + n - 1).toString('latin1');
    at += n;
    return s;
  };
  text(); // the title
  const header = new Map<string, string>();
  for (let line = text(); line !== null; line = text()) {
    const [key, value = ''] = line.split(/\s+/);
    header.set(key, value);
  }
  const shift = Number(header.get('mixw_shift') ?? 10);
  const streams = Number(header.get('feature_count') ?? 0);
  if (Number(header.get('cluster_count') ?? 0) !== 0) throw new Error('sendump: clustered weights are not supported');
  const densities = u32();
  const senones = u32();
  if (!(streams > 0 && densities > 0 && senones > 0) || at + streams * densities * senones > sendump.length)
    throw new Error('sendump: not a mixture weights dump');
  const weights = new Float64Array(senones * streams * densities);
  for (let f = 0; f < streams; f++)
    for (let d = 0; d < densities; d++) {
      for (let s = 0; s < senones; s++)
        weights[(s * streams + f) * densities + d] = 1.0001 ** -(sendump[at + s] << shift);
      at += senones;
    }
  return s3File(normalised(weights, densities), [senones, streams, densities]);
}

function normalised(weights: Float64Array, densities: number): Float32Array {
  const out = new Float32Array(weights.length);
  for (let m = 0; m < weights.length; m += densities) {
    let sum = 0;
    for (let d = 0; d < densities; d++) sum += weights[m + d];
    for (let d = 0; d < densities; d++) out[m + d] = sum > 0 ? weights[m + d] / sum : 1 / densities;
  }
  return out;
}

/** A SphinxTrain binary parameter file of a 3-d array (no checksum), little-endian. */
function s3File(values: Float32Array, dims: [number, number, number]): Buffer {
  let head = 's3\nversion 1.0\n';
  const rest = (head.length + 'endhdr\n'.length) & 3;
  head += `${rest ? ' '.repeat(4 - rest) : ''}endhdr\n`;
  const fixed = Buffer.alloc(4 + 16);
  fixed.writeInt32LE(0x11223344, 0);
  fixed.writeUInt32LE(dims[0], 4);
  fixed.writeUInt32LE(dims[1], 8);
  fixed.writeUInt32LE(dims[2], 12);
  fixed.writeUInt32LE(values.length, 16);
  return Buffer.concat([
    Buffer.from(head, 'latin1'),
    fixed,
    Buffer.from(values.buffer, values.byteOffset, values.byteLength),
  ]);
}
