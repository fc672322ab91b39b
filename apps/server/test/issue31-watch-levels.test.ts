import { TAKE_SIM_MESSAGES, type TTakeSimResponse } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import {
  addScript,
  buildAssignment,
  buildSim,
  characterOf,
  expectFailure,
  fullSim,
  learner,
  productId,
  recording,
  takeSimSuite,
} from './factories';

/**
 * Issue 31, defect 2: whose turn a line is follows the level (DECISIONS.md section 3). On Generate Sim's
 * 'Watch and Learn' (order 0) and 'Watch the experts' (order 1) the agent's lines play and are never the
 * learner's turn; the server refuses a recording or a line id of them. The 'Try' levels and a level added by
 * hand have the learner speak the agent's lines.
 */
describe('watch levels (issue 31)', () => {
  const { ctx, a, audio } = takeSimSuite();

  it('makes no agent line a learner turn on the watch levels and refuses their recordings', async () => {
    const author = a.as.admin;
    const simId = await buildSim(ctx, a.users.admin, { productId: await productId(ctx, 'Training SIM') });
    const made = await fullSim(author, simId);
    const first = made.levels[0];
    const agent = characterOf(made, 'agent');
    const customer = characterOf(made, 'customer');
    await addScript(author, simId, first._id, customer, 'Hello, I need to move my appointment.');
    await addScript(author, simId, first._id, agent, 'I can schedule it for Monday morning.', {
      keywords: ['schedule', 'Monday'],
    });
    const generated = await author.post('/api/v1/sims/generate-sim', {
      sim_id: simId,
      levelId: [{ name: 'Watch the experts' }, { name: 'Try w/ scripts' }, { name: 'Try w/o help' }],
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const byHand = await author.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Extra practice' });
    expect(byHand.statusCode, byHand.body).toBe(200);
    const handLevel = (byHand.json() as { level: { _id: string } }).level._id;
    await addScript(author, simId, handLevel, agent, 'I can schedule it for Monday morning.');
    const levels = (await fullSim(author, simId)).levels;
    expect(levels.map((l) => [l.name, l.convert_agent])).toEqual([
      ['Watch and Learn', false],
      ['Watch the experts', false],
      ['Try w/ scripts', true],
      ['Try w/o help', true],
      ['Extra practice', true],
    ]);

    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId,
      userId: a.users.agent.id,
    });
    const steps = async (levelId: string) => {
      const res = await a.as.agent.get(
        `/api/v1/sims/take-sim/details?simLevelId=${levelId}&assignment_id=${assignment.id}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TTakeSimResponse).level.sim_scripts;
    };
    const turns = async (levelId: string) =>
      (await steps(levelId)).filter((s) => s.is_agent).map((s) => s.learner_turn);
    // the watch levels: the agent's line is there, and it plays (not the learner's turn)
    expect(await turns(levels[0]._id)).toEqual([false]);
    expect(await turns(levels[1]._id)).toEqual([false]);
    for (const level of levels.slice(2)) expect(await turns(level._id), level.name).toEqual([true]);
    // the customer's line is never the learner's
    expect((await steps(levels[0]._id)).filter((s) => !s.is_agent).map((s) => s.learner_turn)).toEqual([false]);

    // a recording or a line id of a watch level's agent line: 422, nothing written
    const me = learner(a.as.agent, assignment.id);
    const watchAttempt = await me.start(simId, levels[0]._id);
    const watchLine = (await steps(levels[0]._id)).find((s) => s.is_agent)?._id as string;
    expectFailure(
      await me.record(watchAttempt, watchLine, recording(audio.wav), 'I can schedule it for Monday morning'),
      422,
      'RULE_BROKEN',
      TAKE_SIM_MESSAGES.listeningLevelLine,
    );
    expectFailure(
      await a.as.agent.post('/api/v1/sims/user-script-id', {
        user_response_id: watchAttempt,
        sim_script_id: watchLine,
      }),
      422,
      'RULE_BROKEN',
      TAKE_SIM_MESSAGES.listeningLevelLine,
    );
    // listening to the whole call completes the level, with no figure to grade
    const watched = await me.finalScore(watchAttempt);
    expect(watched.statusCode, watched.body).toBe(200);
    expect(watched.json()).toMatchObject({ status: 'completed', all_completed: true, keyword_accuracy: null });

    // on 'Try w/ scripts' the same line is the learner's and its recording is taken
    const tryAttempt = await me.start(simId, levels[2]._id);
    const tryLine = (await steps(levels[2]._id)).find((s) => s.is_agent)?._id as string;
    const taken = await me.record(tryAttempt, tryLine, recording(audio.wav), 'I can schedule it for Monday morning');
    expect(taken.statusCode, taken.body).toBe(200);
  }, 120_000);
});
