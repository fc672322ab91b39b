import { TAKE_SIM_MESSAGES, type TLayoutField } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attempts, simLayouts } from '../src/db/schema/index';
import {
  buildAssignment,
  buildTakeSim,
  expectFailure,
  learner,
  productId,
  reviewCalls,
  takeSimSuite,
} from './factories';

/**
 * Issue 30, item 4: the typing and data-selection targets come from the server. save-take-sim-input-details
 * is compared with the sim's case layout as the take screen shows it (every enabled field; a scored field's
 * authored value is its target): the client's target_value is ignored, a field the layout does not have is
 * refused (400, nothing written), and a scored field left out counts as not entered.
 */
describe('the case panel is scored against the server', () => {
  const { ctx, a } = takeSimSuite();

  const field = (
    field_title: string,
    attribute_name: string,
    type: string,
    value: string,
    is_scorable: boolean,
    extra: Partial<TLayoutField> = {},
  ): TLayoutField => ({
    field_title,
    attribute_name,
    type,
    options: [],
    value,
    is_scorable,
    is_enabled: true,
    ...extra,
  });

  const key = (attribute: string) => `case|Patient|Main|${attribute}`;

  async function attemptOf(product = 'Training SIM - Internal Data') {
    const sim = await buildTakeSim(ctx, a.users.admin, { fields: { productId: await productId(ctx, product) } });
    await ctx.db.insert(simLayouts).values({
      simId: sim.simId,
      type: 'case',
      excelSheetName: 'Case',
      tabs: [
        {
          tab_name: 'Patient',
          sections: [
            {
              section_name: 'Main',
              fields: [
                field('First name', 'first_name', 'text', 'Ada', true),
                field('Last name', 'last_name', 'text', 'Lovelace', true),
                field('Plan', 'plan', 'picklist', 'PPO', true, { options: ['PPO', 'HMO'] }),
                field('Note', 'note', 'textarea', 'free text', false),
                field('Internal id', 'internal_id', 'text', '42', true, { is_enabled: false }),
              ],
            },
          ],
        },
      ],
    });
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
    });
    const me = learner(a.as.agent, assignment.id);
    const attemptId = await me.start(sim.simId, sim.levels[1].id);
    const save = (inputs: unknown[]) =>
      a.as.agent.post(`/api/v1/sims/save-take-sim-input-details?simId=${sim.simId}&userResponseId=${attemptId}`, {
        inputs,
      });
    const reviewed = () =>
      reviewCalls(a.as.supervisor).result(
        { assignment_id: assignment.id, sim_id: sim.simId, levelId: sim.levels[1].id },
        `user_id=${a.users.agent.id}`,
      );
    return { me, attemptId, save, reviewed };
  }
  const attemptRow = async (id: string) => (await ctx.db.select().from(attempts).where(eq(attempts.id, id)))[0];
  const untouched = { inputs: [], correctEntries: 0, totalEntries: 0, correctSelections: 0, totalSelections: 0 };

  it('refuses fields the layout does not have (400) and writes nothing', async () => {
    const { attemptId, save } = await attemptOf();
    // the forgery: ten invented fields whose target is what was entered
    const invented = Array.from({ length: 10 }, (_, i) => ({
      field_id: `made-up-${i}`,
      field_title: `Field ${i}`,
      kind: i < 5 ? 'typing' : 'selection',
      input_value: 'x',
      target_value: 'x',
    }));
    expectFailure(await save(invented), 400, 'INVALID', TAKE_SIM_MESSAGES.unknownCaseField('made-up-0'));
    expect(await attemptRow(attemptId)).toMatchObject(untouched);

    // one invented field among real ones: nothing half-written
    const mixed = [
      {
        field_id: key('first_name'),
        field_title: 'First name',
        kind: 'typing',
        input_value: 'Ada',
        target_value: 'Ada',
      },
      { field_id: key('nickname'), field_title: 'Nickname', kind: 'typing', input_value: 'x', target_value: 'x' },
    ];
    expectFailure(await save(mixed), 400, 'INVALID', TAKE_SIM_MESSAGES.unknownCaseField(key('nickname')));
    // a field the learner cannot fill (disabled) is not one they send
    const disabled = [
      { field_id: key('internal_id'), field_title: 'Internal id', kind: 'typing', input_value: '1', target_value: '1' },
    ];
    expectFailure(await save(disabled), 400, 'INVALID', TAKE_SIM_MESSAGES.unknownCaseField(key('internal_id')));
    expect(await attemptRow(attemptId)).toMatchObject(untouched);
  });

  it("compares the learner's values with the layout's targets, whatever target_value says", async () => {
    const { me, attemptId, save, reviewed } = await attemptOf();
    const res = await save([
      // each claims that what was entered is the target
      { field_id: key('first_name'), field_title: 'x', kind: 'selection', input_value: 'Bob', target_value: 'Bob' },
      { field_id: key('last_name'), field_title: 'x', kind: 'typing', input_value: ' lovelace ', target_value: 'NO' },
      { field_id: key('plan'), field_title: 'x', kind: 'typing', input_value: 'HMO', target_value: 'HMO' },
      { field_id: key('note'), field_title: 'x', kind: 'typing', input_value: 'anything', target_value: 'anything' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: TAKE_SIM_MESSAGES.inputsSaved });
    const row = await attemptRow(attemptId);
    expect(row.inputs).toEqual([
      {
        field_id: key('first_name'),
        field_title: 'First name',
        kind: 'typing',
        input_value: 'Bob',
        target_value: 'Ada',
      },
      {
        field_id: key('last_name'),
        field_title: 'Last name',
        kind: 'typing',
        input_value: ' lovelace ',
        target_value: 'Lovelace',
      },
      { field_id: key('plan'), field_title: 'Plan', kind: 'selection', input_value: 'HMO', target_value: 'PPO' },
      { field_id: key('note'), field_title: 'Note', kind: 'typing', input_value: 'anything', target_value: null },
    ]);
    expect(row).toMatchObject({ correctEntries: 1, totalEntries: 2, correctSelections: 0, totalSelections: 1 });

    const score = await me.finalScore(attemptId);
    expect(score.statusCode, score.body).toBe(200);
    expect(score.json()).toMatchObject({
      typing_accuracy: 50,
      data_selection_accuracy: 0,
      correct_entries: 1,
      total_entries: 2,
      correct_selections: 0,
      total_selections: 1,
    });
    // the review screen ticks against the layout's targets
    const result = await reviewed();
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({
      typing_inputs: [
        { field_title: 'First name', input_value: 'Bob', target_value: 'Ada', matched: false },
        { field_title: 'Last name', input_value: ' lovelace ', target_value: 'Lovelace', matched: true },
        { field_title: 'Note', input_value: 'anything', target_value: null, matched: false },
      ],
      data_inputs: [{ field_title: 'Plan', input_value: 'HMO', target_value: 'PPO', matched: false }],
    });
  });

  it('counts a scored field left out as not entered', async () => {
    const { attemptId, save } = await attemptOf();
    const res = await save([
      {
        field_id: key('first_name'),
        field_title: 'First name',
        kind: 'typing',
        input_value: 'Ada',
        target_value: 'Ada',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const row = await attemptRow(attemptId);
    expect(row).toMatchObject({ correctEntries: 1, totalEntries: 2, correctSelections: 0, totalSelections: 1 });
    expect(row.inputs.map((i) => [i.field_id, i.input_value, i.target_value])).toEqual([
      [key('first_name'), 'Ada', 'Ada'],
      [key('last_name'), '', 'Lovelace'],
      [key('plan'), '', 'PPO'],
      [key('note'), '', null],
    ]);
  });

  it('has no case panel to score when the sim is not Internal Data', async () => {
    const { attemptId, save } = await attemptOf('Training SIM');
    const sent = [
      {
        field_id: key('first_name'),
        field_title: 'First name',
        kind: 'typing',
        input_value: 'Ada',
        target_value: 'Ada',
      },
    ];
    expectFailure(await save(sent), 400, 'INVALID', TAKE_SIM_MESSAGES.unknownCaseField(key('first_name')));
    expect(await attemptRow(attemptId)).toMatchObject(untouched);
    const empty = await save([]);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(await attemptRow(attemptId)).toMatchObject(untouched);
  });
});
