import { SCREEN_RECORDING_TEXTS as T } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attempts, screenRecordingVideos } from '../src/db/schema/index';
import { reviewCalls, scoreCalls, staffedCompany, testApp } from './factories';
import { recordedAttempt, sendPart } from './screen-recording-fixtures';

/**
 * What other views show of a screen recording (issue 16): the level card counts the recordings of the
 * unfinished attempt (only START OVER then), the User result carries the video's signed link and status, the
 * score row its link.
 */
describe('screen recording in the level cards, the result and the scores', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx);
  const b = staffedCompany(ctx);

  it('counts the screens with stored parts of the unfinished attempt, then links the saved video', async () => {
    const { sim, assignment, attempt } = await recordedAttempt(ctx, a);
    const stats = async () =>
      (await a.as.agent.get(`/api/v1/sims/stats?sim_id=${sim.simId}&assignment_id=${assignment.id}`)).json().stats[0];
    expect(await stats()).toMatchObject({
      screenRecording: true,
      screen_recordings: 0,
      unfinished: { user_response_id: attempt.id },
    });
    const part = (fileName: string) =>
      sendPart(a.as.agent, { id: attempt.id, chunkNumber: 0, totalChunks: 1, fileName, data: Buffer.from('webm') });
    expect((await part('screen-1.webm')).statusCode).toBe(200);
    expect((await stats()).screen_recordings).toBe(1);
    expect((await part('screen-2.webm')).statusCode).toBe(200);
    expect((await part('screen-2.webm')).statusCode).toBe(200);
    expect((await stats()).screen_recordings).toBe(2);

    // the attempt completed and its video saved (as the build job leaves it)
    const key = `screen-recordings/${a.company.companyId}/${attempt.id}/video-1.mp4`;
    await ctx.deps.blobs.put(key, Buffer.from('mp4 bytes'), 'video/mp4');
    const completedAt = new Date();
    await ctx.db.update(attempts).set({ status: 'completed', completedAt }).where(eq(attempts.id, attempt.id));
    await ctx.db.insert(screenRecordingVideos).values({
      attemptId: attempt.id,
      companyId: a.company.companyId,
      userId: a.users.agent.id,
      status: 'saved',
      sources: ['screen-1.webm', 'screen-2.webm'],
      requestedSeconds: 3,
      blobKey: key,
      size: 9,
      width: 1280,
      height: 1440,
      durationSeconds: 3,
      builtAt: completedAt,
    });
    expect((await stats()).unfinished).toBeNull();

    const result = await reviewCalls(a.as.supervisor).result({
      assignment_id: assignment.id,
      sim_id: sim.simId,
      levelId: sim.levels[0].id,
    });
    expect(result.statusCode, result.body).toBe(200);
    const r = result.json().result ?? result.json();
    const link = {
      url: expect.stringMatching(
        new RegExp(`^/api/v1/files/screen-recordings/${a.company.companyId}/${attempt.id}/video-1\\.mp4\\?exp=`),
      ),
      text: T.askTitle,
      created_on: expect.any(String),
      saved_on: null,
      marked_best_practice_on: null,
    };
    expect(r).toMatchObject({
      screen_recording_urls: [link],
      video_url: r.screen_recording_urls[0].url,
      video_status: 'saved',
      screen_share_video: { status: 'saved' },
    });
    const served = await ctx.app.inject({ method: 'GET', url: r.video_url });
    expect(served.rawPayload.toString()).toBe('mp4 bytes');

    const page = await scoreCalls(a.as.supervisor).page();
    const row = page.scores.find((s) => s.response_id === attempt.id);
    expect(row).toMatchObject({ screen_recording: true, screen_recording_urls: [{ url: link.url, text: T.askTitle }] });
    // another company's score page never carries it
    const other = await scoreCalls(b.as.supervisor).page();
    expect(JSON.stringify(other)).not.toContain(attempt.id);
  });

  it('answers no recording fields for an attempt without a video', async () => {
    const { sim, assignment, attempt } = await recordedAttempt(ctx, a);
    await ctx.db
      .update(attempts)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(attempts.id, attempt.id));
    const result = await reviewCalls(a.as.supervisor).result({
      assignment_id: assignment.id,
      sim_id: sim.simId,
      levelId: sim.levels[0].id,
    });
    const r = result.json().result ?? result.json();
    expect(r).toMatchObject({
      screen_recording_urls: [],
      video_url: null,
      video_status: null,
      screen_share_video: { status: null },
    });
  });
});
