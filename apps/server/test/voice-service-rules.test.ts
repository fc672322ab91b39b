import { ADMIN_PERMISSION_KEYS, type PermissionKey, TAKE_SIM_MESSAGES, VOICE_SERVICE_MESSAGES } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Actor } from '../src/lib/actor';
import { idOfAnswer } from '../src/modules/voice-service/client';
import { concatFilter } from '../src/modules/voice-service/merge';
import { assertCanHandOff, type HandOffRecord, voiceServiceAvailable } from '../src/policies/voice-service';

/** The pure parts of the hand-off: its configuration, the rules of who may send, the service's answer. */
describe('the hand-off rules', () => {
  it('is off by default and reads VOICE_SERVICE_* when set', () => {
    expect(loadConfig({}).voiceService).toBeUndefined();
    expect(loadConfig({ VOICE_SERVICE_URL: '  ' }).voiceService).toBeUndefined();
    expect(loadConfig({ VOICE_SERVICE_URL: 'https://voice.example/upload' }).voiceService).toEqual({
      url: 'https://voice.example/upload',
      token: undefined,
      timeoutMs: 60_000,
      retryDelaysMs: [30_000, 120_000],
    });
    expect(
      loadConfig({
        VOICE_SERVICE_URL: 'http://127.0.0.1:9000/x',
        VOICE_SERVICE_TOKEN: 'secret',
        VOICE_SERVICE_TIMEOUT_MS: '2500',
        VOICE_SERVICE_RETRY_DELAYS_MS: '1000, 5000,9000',
      }).voiceService,
    ).toEqual({ url: 'http://127.0.0.1:9000/x', token: 'secret', timeoutMs: 2500, retryDelaysMs: [1000, 5000, 9000] });
    expect(
      loadConfig({ VOICE_SERVICE_URL: 'http://x', VOICE_SERVICE_RETRY_DELAYS_MS: '' }).voiceService?.retryDelaysMs,
    ).toEqual([]);
    expect(() => loadConfig({ VOICE_SERVICE_URL: 'ftp://voice.example' })).toThrow(/VOICE_SERVICE_URL must be an http/);
    expect(() => loadConfig({ VOICE_SERVICE_URL: 'not a url' })).toThrow(/VOICE_SERVICE_URL/);
    expect(() => loadConfig({ VOICE_SERVICE_RETRY_DELAYS_MS: '10,soon' })).toThrow(/VOICE_SERVICE_RETRY_DELAYS_MS/);
  });

  it('reads the id of the service answer: snowflyId or id, at the top or under data', () => {
    const cases: [unknown, string | null][] = [
      [{ snowflyId: 'a1' }, 'a1'],
      [{ id: 'b2' }, 'b2'],
      [{ id: 17 }, '17'],
      [{ data: { snowflyId: ' c3 ' } }, 'c3'],
      [{ data: { id: 'd4' } }, 'd4'],
      [{ snowflyId: 'first', id: 'second' }, 'first'],
      [{ snowflyId: '', id: 'e5' }, 'e5'],
      [{ id: 'x'.repeat(201) }, null],
      [{ id: null }, null],
      [{ success: true }, null],
      [null, null],
      ['plain', null],
      [[1, 2], null],
    ];
    for (const [body, id] of cases) expect(idOfAnswer(body), JSON.stringify(body)).toBe(id);
  });

  it('joins the clips with one concat filter, each resampled to mono 22.05 kHz', () => {
    expect(concatFilter(2)).toBe(
      '[0:a]aresample=22050,aformat=channel_layouts=mono[a0];[1:a]aresample=22050,aformat=channel_layouts=mono[a1];' +
        '[a0][a1]concat=n=2:v=0:a=1[out]',
    );
  });

  const company = 'c-1';
  const learner: Actor = { userId: 'u-1', companyId: company, isPlatformAdmin: false, permissions: new Set() };
  const reviewer: Actor = {
    userId: 'u-2',
    companyId: company,
    isPlatformAdmin: false,
    permissions: new Set<PermissionKey>([ADMIN_PERMISSION_KEYS[0], 'review_assignments:view']),
  };
  const staffWithoutViews: Actor = { ...reviewer, userId: 'u-3', permissions: new Set([ADMIN_PERMISSION_KEYS[0]]) };
  const record = (over: Partial<HandOffRecord> = {}): HandOffRecord => ({
    companyId: company,
    userId: 'u-1',
    status: 'completed',
    sendToSnowfly: false,
    levelSendToSnowfly: true,
    ...over,
  });
  const outcome = (actor: Actor, r: HandOffRecord | null, configured = true) => {
    try {
      assertCanHandOff(actor, r, configured);
      return 'ok';
    } catch (err) {
      const e = err as { status: number; message: string };
      return `${e.status} ${e.message}`;
    }
  };

  it('lets the learner or a reviewer of the company send a finished, flagged attempt of a configured service', () => {
    const gone = `404 ${TAKE_SIM_MESSAGES.attemptNotFound}`;
    const table: [string, Actor, HandOffRecord | null, boolean, string][] = [
      ['the learner, level flagged', learner, record(), true, 'ok'],
      ['the learner, result flagged', learner, record({ levelSendToSnowfly: false, sendToSnowfly: true }), true, 'ok'],
      ['a reviewer', reviewer, record(), true, 'ok'],
      ['an exited attempt', learner, record({ status: 'exited' }), true, 'ok'],
      ['missing', learner, null, true, gone],
      ['another company', reviewer, record({ companyId: 'c-2' }), true, gone],
      ['another learner', { ...learner, userId: 'u-9' }, record(), true, gone],
      ['staff without the views', staffWithoutViews, record(), true, gone],
      ['not configured', learner, record(), false, `503 ${VOICE_SERVICE_MESSAGES.notConfigured}`],
      ['not finished', learner, record({ status: 'started' }), true, `409 ${VOICE_SERVICE_MESSAGES.notFinished}`],
      ['not flagged', learner, record({ levelSendToSnowfly: false }), true, `409 ${VOICE_SERVICE_MESSAGES.notFlagged}`],
    ];
    for (const [what, actor, r, configured, expected] of table)
      expect(outcome(actor, r, configured), what).toBe(expected);
    expect(voiceServiceAvailable(true, record())).toBe(true);
    expect(voiceServiceAvailable(false, record())).toBe(false);
    expect(voiceServiceAvailable(true, record({ levelSendToSnowfly: false }))).toBe(false);
  });
});
