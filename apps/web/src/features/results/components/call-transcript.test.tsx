import { TAKE_SIM_TEXTS } from '@sim/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { agentLine, CUSTOMER_LINE, characterLine } from '../testing/fixtures';
import { fakeAudio, LEARNER, mockApi, renderAt, signInAs } from '../testing/harness';
import { CallTranscript } from './call-transcript';

// 0 customer, 1 agent, 2 coach without audio, 3 customer, 4 agent
const LINES = [
  characterLine(0, CUSTOMER_LINE),
  agentLine(1),
  characterLine(2, 'Remember the day.', { audio_url: null }, 'coach'),
  characterLine(3, 'Thanks, bye.'),
  agentLine(4, { words: [] }),
];

/** Web Audio and canvas, faked: the recording decodes to a short ramp; the drawing records its bars. */
function fakeDrawing(decodeFails: boolean) {
  const decoded: ArrayBuffer[] = [];
  class FakeOfflineAudioContext {
    async decodeAudioData(data: ArrayBuffer) {
      decoded.push(data);
      if (decodeFails) throw new DOMException('bad', 'EncodingError');
      const samples = Float32Array.from({ length: 3000 }, (_, i) => (i % 100) / 100);
      return { duration: 3, numberOfChannels: 1, getChannelData: () => samples } as unknown as AudioBuffer;
    }
  }
  vi.stubGlobal('OfflineAudioContext', FakeOfflineAudioContext);
  const bars = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return {
      canvas: this,
      fillStyle: '',
      setTransform: () => {},
      clearRect: () => {},
      fillRect: bars,
    } as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement['getContext']);
  return { decoded, bars };
}

function setup({ decodeFails = false } = {}) {
  const audio = fakeAudio();
  const drawing = fakeDrawing(decodeFails);
  const api = mockApi(signInAs(LEARNER, 'learner'), (call) =>
    call.path.startsWith('/api/v1/sims/result/recording/') ? new Response(new Uint8Array([1, 2, 3])) : undefined,
  );
  renderAt(<CallTranscript lines={LINES} />, '/sims/takesim');
  return { ...audio, ...drawing, ...api };
}

const audioOf = (index: number) =>
  screen.getAllByTestId('transcript-line')[index]?.querySelector('audio') as HTMLAudioElement;
const end = (index: number) => act(() => audioOf(index).dispatchEvent(new Event('ended')));

describe('the call transcript’s playlist', () => {
  it('plays a single line and stops after it', async () => {
    const user = userEvent.setup();
    const { played } = setup();
    const [first] = await screen.findAllByRole('button', { name: "Play Maria's line" });
    await user.click(first as HTMLElement);
    await waitFor(() => expect(played).toEqual(['/files/clip-0.mp3']));
    expect(screen.getByRole('button', { name: "Pause Maria's line" }).getAttribute('aria-pressed')).toBe('true');
    end(0);
    await waitFor(() => expect(screen.getAllByRole('button', { name: "Play Maria's line" })).toHaveLength(2));
    expect(played).toHaveLength(1);
  });

  it('plays the call line after line, skipping a line without audio, and stops after the last', async () => {
    const user = userEvent.setup();
    const { played } = setup();
    await user.click(await screen.findByRole('button', { name: 'Play the call' }));
    await waitFor(() => expect(played).toHaveLength(1));
    end(0);
    await waitFor(() => expect(played).toHaveLength(2));
    end(1);
    await waitFor(() => expect(played).toHaveLength(3));
    end(3);
    await waitFor(() => expect(played).toHaveLength(4));
    end(4);
    expect(played).toEqual(['/files/clip-0.mp3', LINES[1]?.audio_url, '/files/clip-3.mp3', LINES[4]?.audio_url]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull());
  });

  it('plays only the agent lines in agent mode; Stop ends it', async () => {
    const user = userEvent.setup();
    const { played } = setup();
    await user.click(await screen.findByRole('button', { name: 'Play the agent lines' }));
    await waitFor(() => expect(played).toEqual([LINES[1]?.audio_url]));
    end(1);
    await waitFor(() => expect(played).toEqual([LINES[1]?.audio_url, LINES[4]?.audio_url]));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    end(4);
    expect(played).toHaveLength(2);
  });
});

describe('the waveform of the learner’s recording', () => {
  it('draws the decoded recording with the words under it; a word moves the audio to its time', async () => {
    const user = userEvent.setup();
    const { decoded, bars } = setup();
    const line = (await screen.findAllByTestId('transcript-line'))[1] as HTMLElement;
    expect(await within(line).findByRole('img', { name: "Waveform of Alex's recording" })).toBeTruthy();
    expect(decoded).toHaveLength(1);
    await waitFor(() => expect(bars).toHaveBeenCalled());
    const words = within(line).getByRole('list', { name: 'Recognised words' });
    expect(
      within(words)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['i', 'scheduled', 'your', 'appointment', 'for', 'tomorrow']);
    // the keyword said is marked under the drawing
    expect(within(words).getByRole('button', { name: 'scheduled at 0:00' }).dataset.keyword).toBe('true');
    expect(within(words).getByRole('button', { name: 'your at 0:00' }).dataset.keyword).toBeUndefined();
    await user.click(within(words).getByRole('button', { name: 'appointment at 0:01' }));
    expect(audioOf(1).currentTime).toBeCloseTo(1.2);
    // a line without recognised words has no waveform
    const last = screen.getAllByTestId('transcript-line')[4] as HTMLElement;
    expect(within(last).queryByTestId('waveform')).toBeNull();
    expect(within(line).getByText(TAKE_SIM_TEXTS.confidence, { exact: false })).toBeTruthy();
  });

  it('says so when the recording cannot be decoded', async () => {
    setup({ decodeFails: true });
    expect(await screen.findByText('The waveform could not be drawn.')).toBeTruthy();
  });
});
