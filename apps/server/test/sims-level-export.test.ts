import { EXCEL_LEVELS, EXCEL_MESSAGES, LEVEL_RULE_MESSAGES, type TFullLevel } from '@sim/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addScript, type Caller, characterOf, expectFailure, fullSim, staffedCompany, testApp } from './factories';
import { trainingSim, trainingSimWithScripts } from './sims-training';

const XLSX = EXCEL_LEVELS.mimeType;
const TARGETS = [
  { type: 'case', tab_name: 'Case', section_name: 'Case Information', field_title: 'Subject', value: 'Referral' },
];

/** What an import must give back: a level's options and its lines, without ids, dates and audio. */
function comparable(level: TFullLevel) {
  const { _id, level_id, sim_id, order, created_at, updated_at, scripts, ...options } = level;
  return {
    options,
    lines: scripts.map((s) => ({
      type: s.character?.type,
      script: s.script,
      keywords: s.keywords,
      tests: s.tests,
      hint_text: s.hint_text,
      hide_text: s.hide_text,
      real_time_feedback: s.real_time_feedback,
      natural_lenguage: s.natural_lenguage,
      overalConfidence: s.overalConfidence,
      autopopulate_timer: s.autopopulate_timer,
      autopopulate_data: s.autopopulate_data,
    })),
  };
}

describe('a level exported to Excel imports back to the same level (issue 15)', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });

  const upload = (as: Caller, simId: string, data: Buffer) =>
    as.form('/api/v1/sims/upload-levels', { sim_id: simId, levelCount: '1', order: '1' }, [
      { field: 'file', filename: 'level.xlsx', contentType: XLSX, data },
    ]);
  const levelNamed = async (simId: string, name: string) => {
    const level = (await fullSim(a.as.admin, simId)).levels.find((l) => l.name === name);
    if (!level) throw new Error(`no level ${name}`);
    return level;
  };

  it('carries tests, line options, auto-populate and level options; the copy has no audio', async () => {
    const { simId, levelId, sim } = await trainingSimWithScripts(ctx, a.users.admin);
    const agent = characterOf(sim, 'agent');
    await addScript(a.as.admin, simId, levelId, agent, 'Which day suits you, Monday or Tuesday?', {
      keywords: ['Monday | Tuesday', 'day'],
      tests: [
        {
          name: 'Offers days',
          isFlexible: true,
          keywords: ['Monday', 'Tuesday'],
          confidence: 75,
          coachFeedback: 'Ask',
        },
        { name: 'Strict day', isFlexible: false, keywords: ['which day'] },
      ],
      hint_text: 'Offer two days',
      hide_text: true,
      real_time_feedback: true,
      natural_lenguage: true,
      overalConfidence: 85,
      autopopulate_timer: 12,
      autopopulate_data: TARGETS,
    });
    for (const [path, body] of [
      ['/api/v1/sims/levels/only-keywords', { only_keywords: true }],
      ['/api/v1/sims/send-to-snowfly', { send_to_snowfly: true }],
      ['/api/v1/sims/scripts/hint-text', { hint_text: true }],
    ] as const) {
      const res = await a.as.admin.post(path, { sim_id: simId, level_id: levelId, ...body });
      expect(res.statusCode, res.body).toBe(200);
    }
    await a.as.admin.post('/api/v1/sims/toggle-screen-recording-switch', { levelId, screenRecording: true });
    const source = await levelNamed(simId, 'Watch and Learn');
    expect(source.scripts.some((s) => s.tests.length === 2)).toBe(true);

    const exported = await a.as.supervisor.get(`/api/v1/sims/excel/levels?level_id=${levelId}`);
    expect(exported.statusCode, exported.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.getWorksheet(EXCEL_LEVELS.testsSheet)?.rowCount).toBe(3);
    expect(workbook.getWorksheet(EXCEL_LEVELS.settingsSheet)?.rowCount).toBe(2);

    // into a sim without levels: the copy is the same level
    const other = await trainingSim(ctx, a.users.admin);
    const [empty] = (await fullSim(a.as.admin, other)).levels;
    await a.as.admin.post('/api/v1/sims/delete-level', { sim_id: other, level_id: empty?._id });
    const imported = await upload(a.as.manager, other, exported.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ message: EXCEL_MESSAGES.uploaded });
    const copy = await levelNamed(other, 'Watch and Learn');
    expect(comparable(copy)).toEqual(comparable(source));
    expect(copy.scripts.every((s) => s.audio_url === null && s.audio_key === null)).toBe(true);
  });

  it('refuses a level name the sim already has (case and spacing aside) with 409; nothing written', async () => {
    const { simId, levelId } = await trainingSimWithScripts(ctx, a.users.admin);
    const exported = await a.as.admin.get(`/api/v1/sims/excel/levels?level_id=${levelId}`);
    const before = (await fullSim(a.as.admin, simId)).levels.length;
    expectFailure(
      await upload(a.as.admin, simId, exported.rawPayload),
      409,
      'CONFLICT',
      LEVEL_RULE_MESSAGES.duplicateLevelName('Watch and Learn'),
    );
    expect((await fullSim(a.as.admin, simId)).levels).toHaveLength(before);

    const taken = LEVEL_RULE_MESSAGES.duplicateLevelName('watch  AND learn');
    expectFailure(
      await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'watch  AND learn' }),
      409,
      'CONFLICT',
      taken,
    );
    const added = await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Practice' });
    expect(added.statusCode, added.body).toBe(200);
    const practice = (added.json() as { level: { _id: string } }).level._id;
    const rename = (name: string) => a.as.admin.patch(`/api/v1/sims/editLevel/${practice}`, { sim_id: simId, name });
    expectFailure(await rename('Watch and Learn'), 409, 'CONFLICT');
    // its own name in another case is not a clash
    expect((await rename('PRACTICE')).statusCode).toBe(200);
    expect((await rename('Watch the Experts')).statusCode).toBe(200);
    expectFailure(
      await a.as.admin.post('/api/v1/sims/generate-sim', { sim_id: simId, levelId: [{ name: 'Watch the experts' }] }),
      409,
      'CONFLICT',
      LEVEL_RULE_MESSAGES.duplicateLevelName('Watch the experts'),
    );
  });

  it('names the sheet and row of a bad test', async () => {
    const simId = await trainingSim(ctx, a.users.admin);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet(EXCEL_LEVELS.sheet).addRows([[...EXCEL_LEVELS.columns], ['Intro', 'agent', 'Hello there.']]);
    workbook
      .addWorksheet(EXCEL_LEVELS.testsSheet)
      .addRows([[...EXCEL_LEVELS.testColumns], ['Intro', 2, 'Greets', 'Flexible', '', 'hello', 60]]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    expectFailure(
      await upload(a.as.admin, simId, data),
      400,
      'INVALID',
      EXCEL_MESSAGES.sheetRow(EXCEL_LEVELS.testsSheet, 2, EXCEL_MESSAGES.unknownLine('Intro', '2')),
    );
  });
});
