import { AUTHORING_MESSAGES, AUTHORING_TEXTS, CHARACTER_COLOURS, CREATE_LEVELS_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMicrophone } from '../../../testing/fake-microphone';
import { jsonResponse } from '../../../testing/render-app';
import { characterOfType, INTERNAL, makeLevel, makeScript, makeSim, SIM_ID } from '../testing/fixtures';
import { callsTo, renderCreateLevels } from '../testing/harness';

// the first render builds the whole app shell: give it more than the default second

const row = (n: number) => screen.getByRole('listitem', { name: T.lineNumber(n) });
const inRow = (n: number) => within(row(n));
const dialog = (name: string) => screen.findByRole('dialog', { name });

/** jsdom turns '#882647' into 'rgb(136, 38, 71)' */
function rgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

function savedScriptAnswer(body: { _id?: string }) {
  return jsonResponse({
    success: true,
    message: 'ok',
    sim_script_id: body._id,
    sim_level_id: 'x',
    script: {},
    level: {},
  });
}

describe('script rows', () => {
  it('colour their border by character type and show name and role', async () => {
    const sim = makeSim([
      makeLevel([
        makeScript('coach', 'Coach line'),
        makeScript('agent', 'Agent line'),
        makeScript('customer', 'Customer line'),
        makeScript('other', 'Other line'),
      ]),
    ]);
    renderCreateLevels(sim);
    await screen.findByRole('listitem', { name: T.lineNumber(4) });
    const expected = ['coach', 'agent', 'customer', 'other'] as const;
    expected.forEach((type, i) => {
      expect(row(i + 1).style.borderColor).toBe(rgb(CHARACTER_COLOURS[type]));
      expect(row(i + 1).getAttribute('data-character-type')).toBe(type);
      expect(inRow(i + 1).getByText(characterOfType(type).name)).toBeTruthy();
    });
    // agent rows only get the agent tools; non-agent rows generated audio only
    expect(inRow(2).getByRole('button', { name: T.keywords })).toBeTruthy();
    expect(inRow(2).getByRole('button', { name: T.recordAudio })).toBeTruthy();
    expect(inRow(1).queryByRole('button', { name: T.keywords })).toBeNull();
    expect(inRow(3).queryByRole('button', { name: T.recordAudio })).toBeNull();
    expect(inRow(3).getByRole('button', { name: T.generateAudio })).toBeTruthy();
    // no Autopopulate for a Voice Only product
    expect(inRow(2).queryByRole('button', { name: T.autopopulate })).toBeNull();
  });

  it('highlights keywords case-insensitively and summarises them', async () => {
    const keywords = ['Date of Birth', 'refill', 'pharmacy'];
    renderCreateLevels(
      makeSim(
        [makeLevel([makeScript('agent', 'May I have your date of birth for the REFILL?', { keywords })])],
        INTERNAL,
      ),
    );
    await screen.findByRole('listitem', { name: T.lineNumber(1) });
    const marks = row(1).querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['date of birth', 'REFILL']);
    expect(inRow(1).getByTestId('keyword-summary').textContent).toBe('Date of Birth…');
    expect(inRow(1).getByRole('button', { name: T.autopopulate })).toBeTruthy();
  });

  it('edits the text: cancel keeps it, an empty text cannot be saved, save sends it', async () => {
    const script = makeScript('customer', 'I need a refill.');
    const { calls } = renderCreateLevels(makeSim([makeLevel([script])]), (call) =>
      call.path === '/api/v1/sims/scripts' ? savedScriptAnswer(call.body as { _id: string }) : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: T.editScript }));
    const box = inRow(1).getByRole('textbox', { name: T.scriptText }) as HTMLTextAreaElement;
    expect(box.value).toBe('I need a refill.');
    expect(box.rows).toBe(5);
    await userEvent.clear(box);
    await userEvent.type(box, 'Changed');
    await userEvent.click(inRow(1).getByRole('button', { name: T.cancel }));
    expect(inRow(1).queryByRole('textbox')).toBeNull();
    expect(inRow(1).getByText('I need a refill.')).toBeTruthy();
    expect(callsTo(calls, '/api/v1/sims/scripts')).toHaveLength(0);

    await userEvent.click(inRow(1).getByRole('button', { name: T.editScript }));
    const again = inRow(1).getByRole('textbox', { name: T.scriptText });
    await userEvent.clear(again);
    await userEvent.tab();
    expect(inRow(1).getByText(AUTHORING_MESSAGES.scriptRequired)).toBeTruthy();
    expect((inRow(1).getByRole('button', { name: T.save }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(again, '  I need two refills.  ');
    await userEvent.click(inRow(1).getByRole('button', { name: T.save }));
    await waitFor(() => expect(callsTo(calls, '/api/v1/sims/scripts')).toHaveLength(1));
    expect(callsTo(calls, '/api/v1/sims/scripts')[0]?.body).toEqual({
      _id: script._id,
      sim_id: SIM_ID,
      script: 'I need two refills.',
    });
  });
});

describe('audio confirmations', () => {
  it('after saving a line without audio asks to auto generate, and OK generates in the character voice', async () => {
    const script = makeScript('customer', 'Hello');
    const { calls } = renderCreateLevels(makeSim([makeLevel([script])]), (call) => {
      if (call.path === '/api/v1/sims/scripts') return savedScriptAnswer(call.body as { _id: string });
      if (call.path === '/api/v1/sims/generate-voice')
        return jsonResponse({
          success: true,
          message: 'ok',
          audio_url: '/a.mp3',
          expiry_date: '',
          audio_key: 'k',
          voice: 'Kendra',
        });
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: T.editScript }));
    await userEvent.type(inRow(1).getByRole('textbox', { name: T.scriptText }), ' there');
    await userEvent.click(inRow(1).getByRole('button', { name: T.save }));
    const ask = await dialog(T.generateAudioTitle);
    expect(within(ask).getByText(AUTHORING_TEXTS.autoGenerateAudio)).toBeTruthy();
    expect(within(ask).getByRole('button', { name: T.cancel })).toBeTruthy();
    await userEvent.click(within(ask).getByRole('button', { name: T.ok }));
    await waitFor(() => expect(callsTo(calls, '/api/v1/sims/generate-voice')).toHaveLength(1));
    expect(callsTo(calls, '/api/v1/sims/generate-voice')[0]?.body).toEqual({
      sim_id: SIM_ID,
      sim_script_id: script._id,
      voice: characterOfType('customer').voice,
    });
  });

  it('after saving a line with audio asks to record over it, and No leaves the clip', async () => {
    const script = makeScript('customer', 'Hello', { audio_url: '/a.mp3' });
    const { calls } = renderCreateLevels(makeSim([makeLevel([script])]), (call) =>
      call.path === '/api/v1/sims/scripts' ? savedScriptAnswer(call.body as { _id: string }) : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: T.editScript }));
    await userEvent.type(inRow(1).getByRole('textbox', { name: T.scriptText }), '!');
    await userEvent.click(inRow(1).getByRole('button', { name: T.save }));
    const ask = await dialog(T.generateAudioTitle);
    expect(within(ask).getByText(AUTHORING_TEXTS.overwriteClip)).toBeTruthy();
    expect(within(ask).getByRole('button', { name: T.yes })).toBeTruthy();
    await userEvent.click(within(ask).getByRole('button', { name: T.no }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, '/api/v1/sims/generate-voice')).toHaveLength(0);
  });

  it('the generate button asks first; Cancel generates nothing', async () => {
    const { calls } = renderCreateLevels(makeSim([makeLevel([makeScript('other', 'Hello')])]));
    await userEvent.click(await screen.findByRole('button', { name: T.generateAudio }));
    const ask = await dialog(T.generateAudioTitle);
    await userEvent.click(within(ask).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, '/api/v1/sims/generate-voice')).toHaveLength(0);
  });

  describe('recording', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('over an existing clip asks first (Cancel/OK), then records, stops and uploads', async () => {
      const media = stubMicrophone();
      const script = makeScript('agent', 'Hello', { audio_url: '/a.mp3' });
      const { calls } = renderCreateLevels(makeSim([makeLevel([script])]), (call) =>
        call.path === '/api/v1/sims/upload-audio'
          ? jsonResponse({
              success: true,
              sim_script_id: script._id,
              agent_recorded_url: '/r.mp3',
              agent_recorded_audio: true,
            })
          : undefined,
      );
      await userEvent.click(await screen.findByRole('button', { name: T.recordAudio }));
      let ask = await dialog(T.recordAudioTitle);
      expect(within(ask).getByText(AUTHORING_TEXTS.overwriteClip)).toBeTruthy();
      await userEvent.click(within(ask).getByRole('button', { name: T.cancel }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(media.getUserMedia).not.toHaveBeenCalled();

      await userEvent.click(inRow(1).getByRole('button', { name: T.recordAudio }));
      ask = await dialog(T.recordAudioTitle);
      await userEvent.click(within(ask).getByRole('button', { name: T.ok }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await userEvent.click(await inRow(1).findByRole('button', { name: T.stopRecording }));
      await waitFor(() => expect(callsTo(calls, '/api/v1/sims/upload-audio')).toHaveLength(1));
      const form = callsTo(calls, '/api/v1/sims/upload-audio')[0]?.body as FormData;
      expect(form.get('sim_id')).toBe(SIM_ID);
      expect(form.get('sim_script_id')).toBe(script._id);
      expect((form.get('audio_blob') as File).type).toBe('audio/webm');
      expect(media.trackStop).toHaveBeenCalled();
      expect(await inRow(1).findByRole('button', { name: T.recordAudio })).toBeTruthy();
    });
  });

  it('deletes a line after the confirm', async () => {
    const script = makeScript('customer', 'Hello');
    const { calls } = renderCreateLevels(makeSim([makeLevel([script])]), (call) =>
      call.path === '/api/v1/sims/delete-script' ? jsonResponse({ success: true, message: 'ok' }) : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: T.deleteScript }));
    const ask = await dialog(T.deleteScriptTitle);
    await userEvent.click(within(ask).getByRole('button', { name: T.deleteConfirm }));
    await waitFor(() => expect(callsTo(calls, '/api/v1/sims/delete-script')).toHaveLength(1));
    expect(callsTo(calls, '/api/v1/sims/delete-script')[0]?.body).toEqual({ sim_id: SIM_ID, script_id: script._id });
  });

  it('switches an agent line to its recording and toggles its real-time feedback', async () => {
    const script = makeScript('agent', 'Hello', { audio_url: '/a.mp3', agent_recorded_url: '/r.mp3' });
    const { calls } = renderCreateLevels(makeSim([makeLevel([script])]), (call) => {
      if (call.path === '/api/v1/sims/scripts') return savedScriptAnswer(call.body as { _id: string });
      if (call.path === '/api/v1/sims/scripts/real-time-feedback')
        return jsonResponse({ success: true, message: 'ok' });
      return undefined;
    });
    await userEvent.click(await screen.findByRole('switch', { name: `${T.audioSource}: ${T.recorded}` }));
    await waitFor(() => expect(callsTo(calls, '/api/v1/sims/scripts')).toHaveLength(1));
    expect(callsTo(calls, '/api/v1/sims/scripts')[0]?.body).toEqual({
      _id: script._id,
      sim_id: SIM_ID,
      agent_recorded_audio: true,
    });
    await userEvent.click(screen.getByRole('switch', { name: T.realTimeFeedback }));
    await waitFor(() => expect(callsTo(calls, '/api/v1/sims/scripts/real-time-feedback')).toHaveLength(1));
    expect(callsTo(calls, '/api/v1/sims/scripts/real-time-feedback')[0]?.body).toEqual({
      sim_id: SIM_ID,
      level_id: script.sim_level_id,
      script_id: script._id,
      real_time_feedback: true,
    });
  });
});
