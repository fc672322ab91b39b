import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../testing/fake-timers';
import { ATTEMPT_ID, LEVEL_ID, makeResult, SIM_ID } from '../testing/fixtures';
import { jsonResponse, mockApi, ok, renderAt, SUPERVISOR, signInAs } from '../testing/harness';
import { offersVoiceService, VoiceServiceButton } from './voice-service-button';

const flagged = makeResult({
  voice_service_enabled: true,
  level: { _id: LEVEL_ID, name: 'L', order: 2, sim_id: SIM_ID, send_to_snowfly: true },
});

describe('the voice-recording hand-off', () => {
  it('shows only when the service is configured and the level or the result is flagged', () => {
    expect(offersVoiceService(flagged)).toBe(true);
    expect(offersVoiceService({ ...flagged, voice_service_enabled: false })).toBe(false);
    expect(offersVoiceService({ ...flagged, level: { ...flagged.level, send_to_snowfly: false } })).toBe(false);
    expect(
      offersVoiceService({ ...flagged, send_to_snowfly: true, level: { ...flagged.level, send_to_snowfly: false } }),
    ).toBe(true);
  });

  it('sends, shows queued while the job runs (asked again every 3 s), then sent with the id', async () => {
    const { user, advance } = fakeClock();
    let statuses = 0;
    const api = mockApi(signInAs(SUPERVISOR, 'reviewer'), (call) => {
      if (call.path === '/api/v1/sims/snowfly-audio-merge/status') {
        statuses += 1;
        const sent = statuses > 2;
        return ok({
          status: statuses === 1 ? null : sent ? 'sent' : 'queued',
          snowfly_id: sent ? 'sf-42' : null,
          error: null,
          available: true,
        });
      }
      if (call.path === '/api/v1/sims/snowfly-audio-merge')
        return jsonResponse(
          { success: true, data: { success: true, snowflyId: null, status: 'queued', error: null } },
          202,
        );
      return undefined;
    });
    renderAt(<VoiceServiceButton result={flagged} />, '/sims/takesim');
    await user.click(await screen.findByRole('button', { name: 'Send audio to voice service' }));
    await waitFor(() => expect(api.to('/api/v1/sims/snowfly-audio-merge')).toHaveLength(1));
    expect(api.to('/api/v1/sims/snowfly-audio-merge')[0]?.body).toEqual({
      responseId: ATTEMPT_ID,
      simId: SIM_ID,
      simLevelId: LEVEL_ID,
    });
    expect(await screen.findByText('Queued: the audio is being sent…')).toBeTruthy();
    await advance(3000);
    expect(await screen.findByText('Sent (id sf-42)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send audio to voice service' })).toBeNull();
  });

  it('shows a failure with its reason and lets the user send again', async () => {
    mockApi(signInAs(SUPERVISOR, 'reviewer'), (call) =>
      call.path === '/api/v1/sims/snowfly-audio-merge/status'
        ? ok({
            status: 'failed',
            snowfly_id: null,
            error: 'The voice-recording service could not be reached.',
            available: true,
          })
        : undefined,
    );
    renderAt(<VoiceServiceButton result={flagged} />, '/sims/takesim');
    expect(await screen.findByText('Sending failed: The voice-recording service could not be reached.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy();
  });
});
