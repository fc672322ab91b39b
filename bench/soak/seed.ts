/**
 * The soak's company, written with the test builders (apps/server/test/factories) straight to the
 * server's database: an author (admin), the reviewers (managers and supervisors: all_assignments view), the
 * learners (agents, password PASSWORD), SIMS sims of two levels, each level: the coach, the customer, the
 * learner's first line (5.3 s recording), the customer, the learner's second line (2.7 s recording). The
 * first level gives feedback after each line (the screen polls the line's grade), the second does not (the
 * final score waits for the grades). Each learner has two assignments NOT STARTED and one COMPLETED earlier
 * (its attempts' lines graded), so the score table and the results have rows before the first take. The
 * customer lines get their audio from the server's own voice (generate-voice, as the builder does).
 */
import { ROLE_NAMES, scriptsApi } from '@sim/shared';
import type { Db } from '../../apps/server/src/db/client';
import { buildAssignment, buildLevelAttempts } from '../../apps/server/test/factories/assignments';
import { buildCompany, buildUser, type DbSeed } from '../../apps/server/test/factories/company';
import {
  buildLevel,
  buildScript,
  buildSim,
  charactersOf,
  levelsOf,
  productId,
} from '../../apps/server/test/factories/sims';
import { PASSWORD } from '../../apps/server/test/factories/values';
import type { Client } from './client';
import type { Recording } from './speech';

export const SIMS = 4;

export interface SeededLevel {
  id: string;
  order: number;
}
export interface SeededSim {
  id: string;
  levels: SeededLevel[];
}
export interface Person {
  id: string;
  email: string;
}
export interface SeededLearner extends Person {
  /** the assignments the learner takes: their ids and sims */
  assignments: { id: string; simId: string }[];
}
export interface Seeded {
  companyId: string;
  admin: Person;
  reviewers: Person[];
  learners: SeededLearner[];
  sims: SeededSim[];
  /** customer lines whose voice is to be generated */
  customerLines: { simId: string; scriptId: string }[];
  /** the learner lines: script id → the recording spoken for it */
  lineRecordings: Map<string, Recording>;
  password: string;
}

export async function seedCompany(
  db: Db,
  counts: { learners: number; reviewers: number },
  recordings: Recording[],
): Promise<Seeded> {
  const seed: DbSeed = { db };
  const company = await buildCompany(seed, 'Soak Contact Centre');
  const person = (u: { id: string; email: string }) => ({ id: u.id, email: u.email });
  const admin = person(await buildUser(seed, company, { role: ROLE_NAMES.admin, firstName: 'Ada' }));
  const reviewers: Person[] = [];
  for (let i = 0; i < counts.reviewers; i++) {
    const role = i % 2 === 0 ? ROLE_NAMES.manager : ROLE_NAMES.supervisor;
    reviewers.push(person(await buildUser(seed, company, { role, firstName: `Reviewer${i + 1}` })));
  }
  const author = { id: admin.id, companyId: company.companyId };
  const sims: SeededSim[] = [];
  const customerLines: Seeded['customerLines'] = [];
  const lineRecordings = new Map<string, Recording>();
  const training = await productId(seed, 'Training SIM');
  for (let s = 0; s < SIMS; s++) {
    const simId = await buildSim(seed, author, {
      title: `Soak sim ${s + 1}`,
      description: 'A customer calls',
      productId: training,
    });
    const [first] = await levelsOf(seed, simId);
    const second = await buildLevel(seed, simId, { name: 'Level 2' });
    const characters = await charactersOf(seed, simId);
    const levels: SeededLevel[] = [];
    for (const [i, level] of [first, second].entries()) {
      const feedback = i === 0;
      const add = (characterId: string, script: string, extra: { keywords?: string[] } = {}) =>
        buildScript(seed, { simId, levelId: level.id, characterId, script, realTimeFeedback: feedback, ...extra });
      await add(characters.coach, 'Greet the caller and answer with the line on screen.');
      customerLines.push({
        simId,
        scriptId: (await add(characters.customer, 'Hello, I have a question about my bill.')).id,
      });
      for (const [n, recording] of recordings.entries()) {
        const line = await add(characters.agent, recording.script, { keywords: recording.keywords });
        lineRecordings.set(line.id, recording);
        if (n === 0)
          customerLines.push({ simId, scriptId: (await add(characters.customer, 'I see. What happens next?')).id });
      }
      levels.push({ id: level.id, order: level.sortOrder });
    }
    sims.push({ id: simId, levels });
  }
  const learners: SeededLearner[] = [];
  for (let i = 0; i < counts.learners; i++) {
    const user = await buildUser(seed, company, { role: ROLE_NAMES.agent, firstName: `Learner${i + 1}` });
    const mine = [sims[i % SIMS], sims[(i + 1) % SIMS]];
    const assignments = [];
    for (const sim of mine) {
      const row = await buildAssignment(seed, {
        companyId: company.companyId,
        simId: sim.id,
        userId: user.id,
        assignedById: admin.id,
      });
      assignments.push({ id: row.id, simId: sim.id });
    }
    const earlier = await buildAssignment(seed, {
      companyId: company.companyId,
      simId: sims[(i + 2) % SIMS].id,
      userId: user.id,
      assignedById: admin.id,
      status: 'COMPLETED',
      createdAt: new Date(Date.now() - ((i % 30) + 1) * 86_400_000),
    });
    await buildLevelAttempts(seed, earlier, { at: new Date(Date.now() - (i % 30) * 86_400_000) });
    learners.push({ ...person(user), assignments });
  }
  return {
    companyId: company.companyId,
    admin,
    reviewers,
    learners,
    sims,
    customerLines,
    lineRecordings,
    password: PASSWORD,
  };
}

/** The customer lines' audio in the characters' voices, generated by the server as the builder asks. */
export async function generateVoices(admin: Client, seeded: Seeded): Promise<void> {
  for (const line of seeded.customerLines)
    await admin.json(scriptsApi.generateVoice, { body: { sim_id: line.simId, sim_script_id: line.scriptId } });
}
