import { EXCEL_LEVELS, EXCEL_MESSAGES, LEVELS_IMPORT_TEXTS as I, CREATE_LEVELS_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/render-app';
import { makeJob, makeLevel, makeScript, makeSim, SIM_ID } from '../testing/fixtures';
import { callsTo, renderCreateLevels } from '../testing/harness';

const IMPORTED = '00000000-0000-4000-8000-0000000000b9';

describe('Create Levels: a successful import (issue 15)', () => {
  it('says what came in and offers to generate the audio of the imported lines', async () => {
    const closing = makeLevel([makeScript('agent', 'Anything else?'), makeScript('customer', 'No, thanks.')], {
      _id: IMPORTED,
      name: 'Closing',
      order: 1,
    });
    const { calls, state } = renderCreateLevels(makeSim([makeLevel([])]), (call) => {
      if (call.path === '/api/v1/sims/upload-levels') {
        state.sim = makeSim([makeLevel([]), closing]);
        const { scripts: _s, ...level } = closing;
        return jsonResponse({ success: true, message: EXCEL_MESSAGES.uploaded, levels: [level] });
      }
      if (call.path === '/api/v1/sims/levels/generate-missing-audio')
        return jsonResponse({ success: true, job: makeJob({ level_id: IMPORTED, total: 2 }) }, 202);
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: T.import }));
    const dialog = await screen.findByRole('dialog', { name: T.importTitle });
    const file = new File(['xlsx'], 'closing.xlsx', { type: EXCEL_LEVELS.mimeType });
    await userEvent.upload(within(dialog).getByTestId('levels-file'), file);
    await userEvent.click(within(dialog).getByRole('button', { name: T.upload }));

    const offer = await screen.findByRole('dialog', { name: I.audioTitle });
    expect(within(offer).getByText(I.imported(['Closing']))).toBeTruthy();
    expect(within(offer).getByText(I.audioQuestion(2))).toBeTruthy();
    // the page says so too, and shows the imported level
    expect(await screen.findByText(`${EXCEL_MESSAGES.uploaded.trim()}. ${I.imported(['Closing'])}`)).toBeTruthy();
    await userEvent.click(within(offer).getByRole('button', { name: I.generate }));
    await waitFor(() => expect(callsTo(calls, '/api/v1/sims/levels/generate-missing-audio')).toHaveLength(1));
    expect(callsTo(calls, '/api/v1/sims/levels/generate-missing-audio')[0]?.body).toEqual({
      sim_id: SIM_ID,
      level_id: IMPORTED,
    });
    expect(await screen.findByText(I.audioStarted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: T.canvas('Closing') })).toBeTruthy();
  });
});
