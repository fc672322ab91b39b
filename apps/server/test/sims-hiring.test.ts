import { EXCEL_LEVELS, LEVEL_RULE_MESSAGES } from '@sim/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  basicInfo,
  buildScriptedSim,
  buildSim,
  characterOf,
  expectFailure,
  fullSim,
  productId,
  staffedCompany,
  testApp,
} from './factories';
import { trainingSim } from './sims-training';

const M = LEVEL_RULE_MESSAGES;

/** A hiring sim is one level (authoring.md sections 1 and 9): every way to a second level answers 400. */
describe('hiring sims have one level (issue 15)', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx);

  const hiringSim = async () => {
    const { simId, levelId } = await buildScriptedSim(ctx, a.users.admin, {
      productId: await productId(ctx, 'Hiring SIM'),
    });
    return { simId, levelId, sim: await fullSim(a.as.admin, simId) };
  };

  it('refuses a second level through add-level, a dropped line, Generate Sim and the import', async () => {
    const { simId, sim } = await hiringSim();
    expect(sim.sim_type).toBe('hiring');
    expectFailure(
      await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Second' }),
      400,
      'INVALID',
      M.hiringOneLevel,
    );
    expectFailure(
      await a.as.admin.post('/api/v1/sims/scripts', {
        sim_id: simId,
        sim_character_id: characterOf(sim, 'agent'),
        script: 'Hello',
        is_level: true,
        name: 'Second',
      }),
      400,
      'INVALID',
      M.hiringOneLevel,
    );
    expectFailure(
      await a.as.admin.post('/api/v1/sims/generate-sim', { sim_id: simId }),
      400,
      'INVALID',
      M.hiringOneLevel,
    );
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet(EXCEL_LEVELS.sheet).addRows([[...EXCEL_LEVELS.columns], ['Second', 'agent', 'Hello.']]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    expectFailure(
      await a.as.admin.form('/api/v1/sims/upload-levels', { sim_id: simId }, [
        { field: 'file', filename: 'levels.xlsx', contentType: EXCEL_LEVELS.mimeType, data: file },
      ]),
      400,
      'INVALID',
      M.hiringOneLevel,
    );
    expect((await fullSim(a.as.admin, simId)).levels).toHaveLength(1);
  });

  it('takes its one level again once it has none', async () => {
    const simId = await buildSim(ctx, a.users.admin, { productId: await productId(ctx, 'Hiring SIM') });
    const [level] = (await fullSim(a.as.admin, simId)).levels;
    await a.as.admin.post('/api/v1/sims/delete-level', { sim_id: simId, level_id: level?._id });
    const added = await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Interview' });
    expect(added.statusCode, added.body).toBe(200);
    expect((await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'More' })).statusCode).toBe(400);
  });

  it('keeps a sim with several levels from becoming a hiring sim', async () => {
    const simId = await trainingSim(ctx, a.users.admin);
    const hiring = await productId(ctx, 'Hiring SIM');
    const data = { _id: simId, title: 'Interview', description: 'd', product_id: hiring };
    // one level: it may become a hiring sim
    const one = await basicInfo(a.as.admin, data);
    expect(one.statusCode, one.body).toBe(200);
    expect((await fullSim(a.as.admin, simId)).sim_type).toBe('hiring');
    const back = await basicInfo(a.as.admin, { ...data, product_id: await productId(ctx, 'Training SIM') });
    expect(back.statusCode, back.body).toBe(200);
    await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Second' });
    expectFailure(await basicInfo(a.as.admin, data), 400, 'INVALID', M.hiringHasLevels(2));
    expect((await fullSim(a.as.admin, simId)).sim_type).toBe('training');
  });
});
