import { AUDIO_PLAYER_TEXTS, RESULT_TEXTS, TAKE_SIM_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../testing/fake-timers';
import { AGENT_LINE, agentLine, CUSTOMER_LINE, characterLine, makeResult } from '../testing/fixtures';
import { ok } from '../testing/harness';
import { serveResult as setup } from '../testing/serve-result';

describe('the result view’s transcript', () => {
  it('shows the transcript: characters, marked keywords, the grade with 2 decimals, the audio texts', async () => {
    setup(
      makeResult({
        scripts: [
          characterLine(0, CUSTOMER_LINE),
          agentLine(1),
          characterLine(2, 'A coach tip.', { audio_url: null }, 'coach'),
          agentLine(3, { audio_url: null, id: null, transcribed_text: '', status: 'Completed', words: [] }),
          agentLine(4, { audio_url: null, grade_score: 66.666 }),
        ],
      }),
    );
    const transcript = await screen.findByRole('region', { name: T.callTranscript });
    const lines = within(transcript).getAllByTestId('transcript-line');
    expect(lines).toHaveLength(5);
    expect(within(lines[0]).getByText('Maria')).toBeTruthy();
    expect(within(lines[0]).getByText(CUSTOMER_LINE)).toBeTruthy();
    // the learner's line: keywords said green, missed red, in the script; said in the transcript too
    const script = within(lines[1]).getByTestId('line-script');
    expect(script.textContent).toBe(AGENT_LINE);
    const marks = [...script.querySelectorAll('mark')].map((m) => `${m.dataset.mark}:${m.textContent}`);
    expect(marks).toEqual(['matched:schedule', 'missed:Monday']);
    const said = within(lines[1]).getByTestId('line-transcript');
    expect([...said.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['scheduled']);
    expect(within(lines[1]).getByText(`${T.confidence}: 50.00%`)).toBeTruthy();
    expect(within(lines[1]).getByRole('list', { name: T.correctKeywords }).textContent).toBe('schedule');
    expect(within(lines[1]).getByRole('list', { name: T.missedKeywords }).textContent).toBe('Monday');
    // no clip, no transcript: not generated; a transcript without audio: not available
    expect(within(lines[2]).getByTestId('audio-unavailable').textContent).toBe(RESULT_TEXTS.notGenerated);
    expect(within(lines[3]).getByTestId('audio-unavailable').textContent).toBe(RESULT_TEXTS.notGenerated);
    expect(within(lines[4]).getByTestId('audio-unavailable').textContent).toBe(RESULT_TEXTS.audioNotAvailable);
    expect(within(lines[4]).getByText(`${T.confidence}: 66.67%`)).toBeTruthy();
  });

  it('lists the last five takes of a line with their own players', async () => {
    const user = userEvent.setup();
    const take = (order: number, grade: number) => ({
      user_response_id: `attempt-${order}`,
      order,
      audio_url: order === 1 ? null : `/api/v1/sims/result/recording/take-${order}?exp=1&sig=x`,
      id: `take-${order}`,
      recorded_at: `2030-03-0${order}T10:00:00.000Z`,
      grade_score: grade,
    });
    setup(
      makeResult({
        scripts: [agentLine(0, { myCount: 3, isLastFive: true, lastFive: [take(2, 80), take(1, 33.333)] })],
      }),
    );
    const toggle = await screen.findByRole('button', { name: `${RESULT_TEXTS.lastFive} (2)` });
    expect(screen.getByText('Recorded 3 times')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const list = await screen.findByRole('list', { name: RESULT_TEXTS.lastFive });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      // the app's player: its length once the file's header is read (fetched on the first play)
      `Take 2 · 03-02-2030 · 80.00%0:00 / ${AUDIO_PLAYER_TEXTS.unknownLength}`,
      `Take 1 · 03-01-2030 · 33.33%${RESULT_TEXTS.audioNotAvailable}`,
    ]);
    const first = within(items[0] as HTMLElement);
    expect(first.getByLabelText('take 2').getAttribute('src')).toContain('take-2');
    expect(first.getByRole('button', { name: 'Play take 2' })).toBeTruthy();
  });

  it('says the audio is not available when it fails to load, and shows loading until it loads', async () => {
    setup();
    const transcript = await screen.findByRole('region', { name: T.callTranscript });
    const [first] = within(transcript).getAllByTestId('transcript-line');
    expect(within(first).getByTestId('audio-loading')).toBeTruthy();
    const audio = first.querySelector('audio') as HTMLAudioElement;
    audio.dispatchEvent(new Event('loadedmetadata'));
    await waitFor(() => expect(within(first).queryByTestId('audio-loading')).toBeNull());
    expect(within(first).getByRole('button', { name: "Play Maria's line" })).toBeTruthy();
    audio.dispatchEvent(new Event('error'));
    expect((await within(first).findByTestId('audio-unavailable')).textContent).toBe(RESULT_TEXTS.audioNotAvailable);
  });

  it('asks for the result again when a recording fails after its link expired, and plays the new link', async () => {
    const { advance } = fakeClock();
    let answers = 0;
    const { to } = setup(() => {
      answers += 1;
      const url = `/api/v1/sims/result/recording/line?exp=${answers}&sig=x`;
      return ok({
        ...makeResult({ scripts: [characterLine(0, CUSTOMER_LINE), agentLine(1, { audio_url: url, words: [] })] }),
      });
    });
    const transcript = await screen.findByRole('region', { name: T.callTranscript });
    const line = within(transcript).getAllByTestId('transcript-line')[1] as HTMLElement;
    const audio = () => line.querySelector('audio') as HTMLAudioElement;
    expect(audio().getAttribute('src')).toContain('exp=1');
    await advance(61_000);
    audio().dispatchEvent(new Event('error'));
    await waitFor(() => expect(to('/api/v1/sims/result')).toHaveLength(2));
    await waitFor(() => expect(audio().getAttribute('src')).toContain('exp=2'));
    expect(within(line).getByTestId('audio-loading')).toBeTruthy();
  });
});
