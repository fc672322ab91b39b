import { afterAll, beforeAll } from 'vitest';
import { LocalTtsProvider } from '../../src/modules/speech/engines/tts/tts-local';
import { toneWav } from '../fixtures/uploads/archives';
import { buildTestApp, type TestContext } from './app';
import { ScriptedStt } from './attempts';
import { buildStaffedCompany, type StaffedCompany, type StaffOptions } from './company';

/**
 * The app for the tests of a file or describe block: built before them (beforeAll), closed after them. The
 * object answered is filled in before the first test, so read it in tests and hooks, not while declaring.
 */
export function testApp(env: Record<string, string> = {}, opts: Parameters<typeof buildTestApp>[1] = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await buildTestApp(env, opts));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}

/** A staffed company (buildStaffedCompany) made before the tests of the block, after its app. */
export function staffedCompany<const O extends StaffOptions = StaffOptions>(
  ctx: TestContext,
  opts?: O,
): StaffedCompany<O> {
  const company = {} as StaffedCompany<O>;
  beforeAll(async () => {
    Object.assign(company, await buildStaffedCompany(ctx, opts));
  });
  return company;
}

/**
 * The describe-block setup of the take-sim API tests: the app with the stand-in recogniser (it "hears" what
 * a test says the learner said) and the real voices, two staffed companies with a second agent, and a 1 s
 * tone as the learner's recording (`audio.wav`, made before the tests).
 */
export function takeSimSuite() {
  const stt = new ScriptedStt();
  const ctx = testApp({}, { deps: { speech: { tts: new LocalTtsProvider(), stt } } });
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  const audio: { wav: Buffer } = { wav: Buffer.alloc(0) };
  beforeAll(async () => {
    audio.wav = await toneWav(1);
  });
  return { stt, ctx, a, b, audio };
}
