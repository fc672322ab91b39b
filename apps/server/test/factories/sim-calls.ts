import type { TBasicInfoData, TCharacter, TFullDetailsResponse } from '@sim/shared';
import { expect } from 'vitest';
import { type AppContext, type Caller, caller } from './caller';
import { type Seed, tokenFor } from './company';
import { type Author, buildScriptedSim, type CharacterType } from './sims';
import { unique } from './values';

/** Sims through the API: what tests of the authoring routes read and send (setup writes with ./sims). */

type FullSim = TFullDetailsResponse['sim'];

/** The sim as GET /api/v1/sims/full-details answers it. */
export async function fullSim(as: Caller, simId: string): Promise<FullSim> {
  const res = await as.get(`/api/v1/sims/full-details?sim_id=${simId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TFullDetailsResponse).sim;
}

/** A scripted sim (buildScriptedSim) with its full details as the author reads them. */
export async function simWithScripts(ctx: Seed & AppContext, author: Author) {
  const { simId, levelId } = await buildScriptedSim(ctx, author);
  return { simId, levelId, sim: await fullSim(caller(ctx, await tokenFor(ctx, author)), simId) };
}

export function characterOf(sim: { sim_characters: TCharacter[] }, type: CharacterType): string {
  const c = sim.sim_characters.find((x) => x.type === type);
  if (!c?._id) throw new Error(`no ${type} character`);
  return c._id;
}

/** POST /basicInfo as the spec sends it: multipart with one field `data` holding JSON. */
export function basicInfo(as: Caller, data: Partial<TBasicInfoData> & Record<string, unknown>) {
  return as.form('/api/v1/sims/basicInfo', { data: JSON.stringify(data) });
}

/** A new sim through Basic Information (for tests of that route; setup uses buildSim). Answers its id. */
export async function createSimThroughApi(as: Caller, data: Partial<TBasicInfoData> = {}): Promise<string> {
  const res = await basicInfo(as, { title: unique('Sim'), description: 'A call to practise', ...data });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sim_id: string }).sim_id;
}

/** Adds a script to a level through POST /api/v1/sims/scripts; answers the saved answer's body. */
export async function addScript(
  as: Caller,
  simId: string,
  levelId: string,
  characterId: string,
  script: string,
  extra: Record<string, unknown> = {},
) {
  const res = await as.post('/api/v1/sims/scripts', {
    sim_id: simId,
    sim_level_id: levelId,
    sim_character_id: characterId,
    script,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { sim_script_id: string; sim_level_id: string; script: { order: number } };
}
