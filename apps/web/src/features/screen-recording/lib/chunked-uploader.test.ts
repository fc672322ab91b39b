import { SCREEN_RECORDING, SCREEN_RECORDING_TEXTS as T } from '@sim/shared';
import { describe, expect, it, vi } from 'vitest';
import { ChunkedUploader, type ChunkPart, ChunkUploadError, type UploadProgress } from './chunked-uploader';

const bytes = (n: number, fill = 1) => new Blob([new Uint8Array(n).fill(fill)]);

interface Sent {
  chunkNumber: number;
  totalChunks: number;
  size: number;
  fileName: string;
  fileType: string;
  content: Uint8Array;
}

async function sentOf(part: ChunkPart): Promise<Sent> {
  return {
    chunkNumber: part.chunkNumber,
    totalChunks: part.totalChunks,
    size: part.data.size,
    fileName: part.fileName,
    fileType: part.fileType,
    content: new Uint8Array(await part.data.arrayBuffer()),
  };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function uploader(
  send: (part: ChunkPart) => Promise<void>,
  options: Partial<ConstructorParameters<typeof ChunkedUploader>[0]> = {},
) {
  const sent: Sent[] = [];
  const progress: UploadProgress[] = [];
  const waits: number[] = [];
  const u = new ChunkedUploader({
    fileName: 'screen-1.webm',
    fileType: 'video/webm;codecs=vp8,opus',
    send: async (part) => {
      await send(part);
      sent.push(await sentOf(part));
    },
    sleep: async (ms) => {
      waits.push(ms);
    },
    onProgress: (p) => progress.push(p),
    ...options,
  });
  return { u, sent, progress, waits };
}

describe('the chunked upload of a screen', () => {
  it('cuts parts of exactly chunkBytes while recording, the rest last, with their numbers and totals', async () => {
    const { u, sent, progress } = uploader(async () => {});
    const chunk = SCREEN_RECORDING.chunkBytes;
    expect(chunk).toBe(524288);
    // timeslices of 300 000 bytes: a part is cut whenever the buffer holds a whole one
    for (let i = 0; i < 4; i += 1) u.push(bytes(300_000, i + 1));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => [s.chunkNumber, s.totalChunks, s.size])).toEqual([
      [0, 1, chunk],
      [1, 2, chunk],
    ]);
    await u.finish();
    expect(sent.map((s) => [s.chunkNumber, s.totalChunks, s.size])).toEqual([
      [0, 1, chunk],
      [1, 2, chunk],
      [2, 3, 4 * 300_000 - 2 * chunk],
    ]);
    expect(sent.every((s) => s.fileName === 'screen-1.webm' && s.fileType === 'video/webm;codecs=vp8,opus')).toBe(true);
    // the bytes in order: the second part starts with the rest of the second timeslice
    const all = new Uint8Array(sent.flatMap((s) => [...s.content]));
    expect(all.length).toBe(1_200_000);
    expect([all[0], all[299_999], all[300_000], all[chunk], all[1_199_999]]).toEqual([1, 1, 2, 2, 4]);
    expect(progress.at(-1)).toEqual({ acknowledged: 3, parts: 3 });
  });

  it('data ending on a part boundary: no empty last part; nothing recorded: no part', async () => {
    const { u, sent } = uploader(async () => {});
    u.push(bytes(SCREEN_RECORDING.chunkBytes * 2));
    await u.finish();
    expect(sent.map((s) => [s.chunkNumber, s.totalChunks, s.size])).toEqual([
      [0, 1, SCREEN_RECORDING.chunkBytes],
      [1, 2, SCREEN_RECORDING.chunkBytes],
    ]);

    const empty = uploader(async () => {});
    empty.u.push(new Blob([]));
    await empty.u.finish();
    expect(empty.sent).toHaveLength(0);
    expect(empty.u.progress).toEqual({ acknowledged: 0, parts: 0 });
  });

  it('sends the parts in order with at most SCREEN_RECORDING.uploadsInFlight (4) in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const { u } = uploader(
      async (part) => {
        started.push(part.chunkNumber);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
      },
      { chunkBytes: 10 },
    );
    u.push(bytes(95));
    await u.finish();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(SCREEN_RECORDING.uploadsInFlight);
    expect(most).toBe(4);
  });

  it('tries a part again with a growing wait on a network failure or a 5xx', async () => {
    let calls = 0;
    const { u, sent, waits } = uploader(
      async () => {
        calls += 1;
        if (calls === 1) throw new HttpError(0, 'Network error');
        if (calls === 2) throw new HttpError(503, 'Unavailable');
      },
      { chunkBytes: 10, maxInFlight: 1, backoffMs: 100 },
    );
    u.push(bytes(15));
    await u.finish();
    expect(sent.map((s) => s.chunkNumber)).toEqual([0, 1]);
    expect(waits).toEqual([100, 200]);
    expect(calls).toBe(4);
  });

  it('stops at a 4xx with "Error uploading chunk:" and the message; a second finish stays refused', async () => {
    const send = vi.fn(async (part: ChunkPart) => {
      if (part.chunkNumber === 1) throw new HttpError(400, 'chunkNumber: too big');
    });
    const { u, sent } = uploader(send, { chunkBytes: 10, maxInFlight: 1 });
    u.push(bytes(35));
    const error = await u.finish().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkUploadError);
    expect((error as ChunkUploadError).message).toBe(`${T.chunkError} chunkNumber: too big`);
    expect((error as ChunkUploadError).permanent).toBe(true);
    // nothing after the refused part was sent
    expect(sent.map((s) => s.chunkNumber)).toEqual([0]);
    expect(send).toHaveBeenCalledTimes(2);
    await expect(u.finish()).rejects.toBe(error);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('after every try failed, finish() again sends what is left from the failed part on', async () => {
    let down = true;
    const { u, sent } = uploader(
      async () => {
        if (down) throw new HttpError(0, 'Network error');
      },
      { chunkBytes: 10, maxInFlight: 1, tries: 3 },
    );
    u.push(bytes(25));
    const error = await u.finish().catch((e: unknown) => e);
    expect((error as ChunkUploadError).message).toBe(T.uploadFailed);
    expect((error as ChunkUploadError).permanent).toBe(false);
    expect(u.progress).toEqual({ acknowledged: 0, parts: 3 });
    down = false;
    await u.finish();
    expect(sent.map((s) => [s.chunkNumber, s.totalChunks, s.size])).toEqual([
      [0, 1, 10],
      [1, 2, 10],
      [2, 3, 5],
    ]);
    expect(u.progress).toEqual({ acknowledged: 3, parts: 3 });
  });
});
