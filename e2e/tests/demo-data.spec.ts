import type { TFullDetailsResponse, TSimListResponse } from '@sim/shared';
import { apiToken, expect, test } from './support';

/**
 * The demo data of a first start: the demo sim's lines are voiced in the background by the job queue, so
 * its levels play without anyone pressing GENERATE (the server answers each clip as MP3).
 */
test('the demo sim is voiced in the background at first start', async ({ request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'manager@demo.local')}` };
  const list = (await (
    await request.get('/api/v1/sims/listing?title=New Patient Appointment', { headers })
  ).json()) as TSimListResponse;
  const demo = list.sims.find((s) => s.title === 'New Patient Appointment - Cardiology');
  expect(demo, 'the demo sim').toBeTruthy();

  const scripts = async () =>
    (
      (await (
        await request.get(`/api/v1/sims/full-details?sim_id=${demo?._id}`, { headers })
      ).json()) as TFullDetailsResponse
    ).sim.levels.flatMap((l) => l.scripts);
  await expect
    .poll(async () => (await scripts()).filter((s) => !s.audio_url).length, { timeout: 90_000, intervals: [1000] })
    .toBe(0);
  const all = await scripts();
  expect(all.length).toBeGreaterThan(40);
  const clip = await request.get(all[0].audio_url as string);
  expect(clip.status()).toBe(200);
  expect(clip.headers()['content-type']).toBe('audio/mpeg');
  expect((await clip.body()).length).toBeGreaterThan(1000);
});
