import crypto from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { LocalTtsProvider } from '../../src/modules/speech/engines/tts/tts-local';
import { toneWav } from '../fixtures/uploads/archives';
import { buildTestApp, type TestContext } from './app';
import { buildAssignment } from './assignments';
import { buildTakeSim, learner, ScriptedStt } from './attempts';
import { buildStaffedCompany, type StaffedCompany, type StaffOptions } from './company';
import { type ScratchDatabase, scratchDatabase } from './scratch-database';

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

/**
 * testApp on a database of its own (made before, dropped after), for a file that runs the job worker: on the
 * shared database its worker would take the queued jobs of the other API files (and theirs its own), each
 * app keeping its files in its own folder, so a build found its parts missing.
 */
export function testAppWithOwnJobs(
  env: Record<string, string> = {},
  opts: Omit<Parameters<typeof buildTestApp>[1], 'databaseUrl'> = {},
): TestContext {
  const ctx = {} as TestContext;
  let scratch: ScratchDatabase | undefined;
  beforeAll(async () => {
    const name = `jobs_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    scratch = await scratchDatabase(inject('databaseUrl'), name);
    Object.assign(ctx, await buildTestApp(env, { ...opts, databaseUrl: scratch.url }));
  });
  afterAll(async () => {
    await ctx.close?.();
    await scratch?.drop();
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
export function takeSimSuite(opts: ConstructorParameters<typeof ScriptedStt>[0] = {}) {
  const stt = new ScriptedStt(opts);
  const ctx = testApp({}, { deps: { speech: { tts: new LocalTtsProvider(), stt } } });
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  const audio: { wav: Buffer } = { wav: Buffer.alloc(0) };
  beforeAll(async () => {
    audio.wav = await toneWav(1);
  });
  return { stt, ctx, a, b, audio };
}

/**
 * A learner of the company started on level 1 of a new take-sim sim assigned to them: their calls, the
 * attempt and the level's agent lines.
 */
export async function startTakeLevel(
  ctx: TestContext,
  company: StaffedCompany<{ agent2: true }>,
  who: 'agent' | 'agent2' = 'agent',
) {
  const sim = await buildTakeSim(ctx, company.users.admin);
  const assignment = await buildAssignment(ctx, {
    companyId: company.company.companyId,
    simId: sim.simId,
    userId: company.users[who].id,
  });
  const me = learner(company.as[who], assignment.id);
  const attempt = await me.start(sim.simId, sim.levels[1].id);
  return {
    sim,
    me,
    attempt,
    assignmentId: assignment.id,
    lines: sim.levels[1].agentLines,
    userId: company.users[who].id,
  };
}
