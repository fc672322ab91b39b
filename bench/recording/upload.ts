/**
 * The upload half of bench:recording: a file sent to POST /api/v1/sims/save-screen-share-stream in parts of
 * SCREEN_RECORDING.chunkBytes, `inFlight` at once over keep-alive loopback connections, each part a
 * multipart form as the page sends it (id, chunkData, chunkNumber, totalChunks, originalname, fileName,
 * fileType), while the server's resident memory (VmRSS of its process) is read every 100 ms.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { SCREEN_RECORDING } from '@sim/shared';
import { cpuSecondsOf } from '../scores/load';

export const STREAM_PATH = '/api/v1/sims/save-screen-share-stream';

export function vmRss(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's VmRSS every `everyMs` until stopped: the peak and the samples. */
export function rssSampler(pid: number, everyMs = 100) {
  const samples: number[] = [vmRss(pid)];
  const timer = setInterval(() => samples.push(vmRss(pid)), everyMs);
  return {
    stop() {
      clearInterval(timer);
      samples.push(vmRss(pid));
      return { peak: Math.max(...samples), samples };
    },
  };
}

interface Part {
  id: string;
  chunkNumber: number;
  totalChunks: number;
  fileName: string;
  fileType: string;
  data: Buffer;
}

/**
 * One part as a multipart/form-data body (the text fields, then the part as the file field chunkData), in
 * three pieces sent one after another as a browser streams a FormData: the part's bytes are not copied.
 */
export function partForm(p: Part): { body: Buffer[]; contentType: string } {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field('id', p.id) +
    field('chunkNumber', String(p.chunkNumber)) +
    field('totalChunks', String(p.totalChunks)) +
    field('originalname', 'blob') +
    field('fileName', p.fileName) +
    field('fileType', p.fileType) +
    `--${boundary}\r\nContent-Disposition: form-data; name="chunkData"; filename="blob"\r\nContent-Type: video/webm\r\n\r\n`;
  const body = [Buffer.from(head), p.data, Buffer.from(`\r\n--${boundary}--\r\n`)];
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function post(
  agent: http.Agent,
  port: number,
  token: string,
  form: { body: Buffer[]; contentType: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: STREAM_PATH,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': form.contentType,
          'content-length': form.body.reduce((n, b) => n + b.length, 0),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    for (const piece of form.body.slice(0, -1)) req.write(piece);
    req.end(form.body[form.body.length - 1]);
  });
}

export interface UploadFigures {
  bytes: number;
  parts: number;
  seconds: number;
  mbPerSecond: number;
  /** the largest `received` the server answered (distinct parts it holds) */
  received: number;
  idleRss: number;
  peakRss: number;
  /** CPU seconds the server's node process used meanwhile (its PostgreSQL not counted) */
  serverCpuSeconds: number;
  /** part latencies, ms */
  p50: number;
  p99: number;
}

/**
 * Sends `file` as one screen of the attempt `attemptId`, parts numbered from 0 and taken in order by
 * `inFlight` senders (so they arrive a little out of order, as a page's parallel sends do). While recording
 * the page does not know the total: each part says chunkNumber + 1, the last one the final count.
 */
export async function uploadFile(opts: {
  port: number;
  token: string;
  serverPid: number;
  attemptId: string;
  file: string;
  fileName: string;
  inFlight: number;
}): Promise<UploadFigures> {
  const size = fs.statSync(opts.file).size;
  const chunk = SCREEN_RECORDING.chunkBytes;
  const parts = Math.ceil(size / chunk);
  const fd = fs.openSync(opts.file, 'r');
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.inFlight });
  const latencies: number[] = [];
  let next = 0;
  let received = 0;
  const idle = rssSampler(opts.serverPid);
  await new Promise((r) => setTimeout(r, 1000));
  const idleRss = Math.max(...idle.stop().samples);
  const sampler = rssSampler(opts.serverPid);
  const cpu0 = cpuSecondsOf(opts.serverPid);
  const t0 = performance.now();
  try {
    await Promise.all(
      Array.from({ length: opts.inFlight }, async () => {
        while (next < parts) {
          const n = next++;
          const data = Buffer.allocUnsafe(Math.min(chunk, size - n * chunk));
          fs.readSync(fd, data, 0, data.length, n * chunk);
          const form = partForm({
            id: opts.attemptId,
            chunkNumber: n,
            totalChunks: n === parts - 1 ? parts : n + 1,
            fileName: opts.fileName,
            fileType: 'video/webm;codecs=vp8,opus',
            data,
          });
          const started = performance.now();
          const answer = await post(agent, opts.port, opts.token, form);
          latencies.push(performance.now() - started);
          if (answer.status !== 200) throw new Error(`part ${n}: ${answer.status} ${answer.body.slice(0, 300)}`);
          received = Math.max(received, (JSON.parse(answer.body) as { received: number }).received);
        }
      }),
    );
  } finally {
    fs.closeSync(fd);
    agent.destroy();
  }
  const seconds = (performance.now() - t0) / 1000;
  const serverCpuSeconds = cpuSecondsOf(opts.serverPid) - cpu0;
  const { peak } = sampler.stop();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    bytes: size,
    parts,
    seconds,
    mbPerSecond: size / 1e6 / seconds,
    received,
    idleRss,
    peakRss: peak,
    serverCpuSeconds,
    p50: at(0.5),
    p99: at(0.99),
  };
}
