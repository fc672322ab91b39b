import { CREATE_LEVELS_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LEVEL_ID, makeLevel, makeScript, makeSim, SIM_ID } from '../testing/fixtures';
import { renderCreateLevels } from '../testing/harness';

const sim = () =>
  makeSim([
    makeLevel([
      makeScript('customer', 'I need a refill.', { audio_url: '/customer.mp3' }),
      makeScript('agent', 'Your date of birth, please?', { audio_url: '/agent.mp3', keywords: ['date of birth'] }),
    ]),
    makeLevel([makeScript('customer', 'Hello again.'), makeScript('agent', 'Hi, how can I help?')], {
      _id: '00000000-0000-4000-8000-0000000000b2',
      name: 'Try w/ keywords',
      order: 1,
      convert_agent: true,
      only_keywords: true,
    }),
  ]);

describe('/sims/preview', () => {
  it('lists every level and its lines in order, as the learner hears them', async () => {
    renderCreateLevels(sim(), () => undefined, `/sims/preview?simId=${SIM_ID}`);
    expect(await screen.findByRole('heading', { name: T.previewOf('Refills') })).toBeTruthy();
    const first = screen.getByRole('region', { name: 'Watch and Learn' });
    const lines = within(first).getAllByRole('listitem');
    expect(lines.map((l) => l.getAttribute('aria-label'))).toEqual([T.lineNumber(1), T.lineNumber(2)]);
    expect(within(lines[0] as HTMLElement).getByText('I need a refill.')).toBeTruthy();
    expect((lines[0] as HTMLElement).querySelector('audio')?.getAttribute('src')).toBe('/customer.mp3');
    expect(within(lines[0] as HTMLElement).getByRole('button', { name: T.play })).toBeTruthy();

    const second = screen.getByRole('region', { name: 'Try w/ keywords' });
    const turn = within(second).getAllByRole('listitem')[1] as HTMLElement;
    expect(within(turn).getByText(T.learnerTurn)).toBeTruthy();
    expect(within(turn).queryByRole('button', { name: T.play })).toBeNull();
    // a line without a clip cannot be played
    const noClip = within(second).getAllByRole('listitem')[0] as HTMLElement;
    expect((within(noClip).getByRole('button', { name: T.noAudio }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('/sims/print', () => {
  it("shows the level's script and opens the print dialog once", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderCreateLevels(sim(), () => undefined, `/sims/print?simId=${SIM_ID}&levelId=${LEVEL_ID}`);
    expect(await screen.findByRole('heading', { name: T.printOf('Refills', 'Watch and Learn') })).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2] as HTMLElement).getByText('Your date of birth, please?')).toBeTruthy();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('says so when the level does not exist', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderCreateLevels(sim(), () => undefined, `/sims/print?simId=${SIM_ID}&levelId=nope`);
    expect(await screen.findByText(T.levelNotFound)).toBeTruthy();
  });
});
