import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../testing/take-sim-harness';
import { SpeechSocket } from './speech-socket';

const START = { sampleRate: 16000, expected: 'I can help', keywords: ['help'] };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the speech websocket of one take', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends 'start', then the frames kept while it opened, then 'stop'; answers the final transcript", async () => {
    const onPartial = vi.fn();
    const socket = new SpeechSocket('ws://x', START, { onPartial, onFailure: vi.fn(), onRefused: vi.fn() });
    socket.send(Int16Array.from([1, 2]));
    await flush();
    const fake = FakeSocket.last;
    expect(fake.messages[0]).toEqual({ type: 'start', ...START });
    expect(fake.frames.map((f) => [...new Int16Array(f)])).toEqual([[1, 2]]);
    socket.send(Int16Array.from([3]));
    expect(fake.frames).toHaveLength(2);

    fake.partial('i can');
    expect(onPartial).toHaveBeenCalledWith('i can');
    expect(socket.text).toBe('i can');
    const final = socket.stop();
    expect(fake.messages.at(-1)).toEqual({ type: 'stop' });
    expect(socket.streamId).toBeUndefined();
    fake.final('i can help', '0b6f3d1e-5a55-4b5a-9c1e-2f6a0c8e9d10');
    expect(await final).toBe('i can help');
    expect(socket.streamId).toBe('0b6f3d1e-5a55-4b5a-9c1e-2f6a0c8e9d10');
  });

  it('answers null when no final comes in time (the partial is used)', async () => {
    vi.useFakeTimers();
    const socket = new SpeechSocket('ws://x', START, { onPartial: vi.fn(), onFailure: vi.fn(), onRefused: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    const final = socket.stop(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await final).toBeNull();
    expect(FakeSocket.last.closedWith).toBe(1000);
  });

  it('reports a failure while the learner speaks, once; a failure after stop is not one', async () => {
    const onFailure = vi.fn();
    const socket = new SpeechSocket('ws://x', START, { onPartial: vi.fn(), onFailure, onRefused: vi.fn() });
    await flush();
    FakeSocket.last.drop();
    expect(onFailure).toHaveBeenCalledTimes(1);

    const quiet = vi.fn();
    const second = new SpeechSocket('ws://x', START, { onPartial: vi.fn(), onFailure: quiet, onRefused: vi.fn() });
    await flush();
    const final = second.stop();
    FakeSocket.last.drop();
    expect(await final).toBeNull();
    expect(quiet).not.toHaveBeenCalled();
    expect(socket.text).toBe('');
  });

  it("treats the server's error message as a refusal (the take goes on), not as a failure", async () => {
    const onFailure = vi.fn();
    const onRefused = vi.fn();
    new SpeechSocket('ws://x', START, { onPartial: vi.fn(), onFailure, onRefused });
    await flush();
    const fake = FakeSocket.last as unknown as { emit: (t: string, e: unknown) => void; close: (code: number) => void };
    fake.emit('message', {
      data: JSON.stringify({ type: 'error', message: 'Speech recognition is not available on this server.' }),
    });
    fake.close(1011);
    expect(onRefused).toHaveBeenCalledTimes(1);
    expect(onRefused).toHaveBeenCalledWith('Speech recognition is not available on this server.');
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('closes a socket dropped while connecting only once it has opened', async () => {
    const socket = new SpeechSocket('ws://x', START, { onPartial: vi.fn(), onFailure: vi.fn(), onRefused: vi.fn() });
    socket.close();
    expect(FakeSocket.last.closedWith).toBeNull();
    await flush();
    expect(FakeSocket.last.closedWith).toBe(1000);
    expect(FakeSocket.last.messages).toEqual([]);
  });
});
