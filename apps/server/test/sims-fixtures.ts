import type { TBasicInfoData, TCharacter, TFullDetailsResponse } from '@sim/shared';
import { expect } from 'vitest';
import { buildStaffedCompany, MISSING_ID } from './admin-helpers';
import { bearer, type TestContext, unique } from './helpers';
import { multipart } from './multipart';

export { MISSING_ID };

type Method = 'GET' | 'POST' | 'PATCH';
export interface Answer {
  statusCode: number;
  body: string;
  rawPayload: Buffer;
  headers: Record<string, unknown>;
  json(): unknown;
}

/** A caller of the sim routes with its token (or none): JSON calls and multipart forms. */
export function simCaller(ctx: TestContext, token: string | null) {
  const headers = token ? bearer(token) : {};
  const call = (method: Method, url: string, payload?: unknown): Promise<Answer> =>
    ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    patch: (url: string, payload: unknown = {}) => call('PATCH', url, payload),
    form: (url: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) => {
      const form = multipart(fields, files);
      return ctx.app.inject({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload });
    },
  };
}
export type SimCaller = ReturnType<typeof simCaller>;

/** A company with an admin, a manager, a supervisor (sim_list view only) and an agent (no sim_list). */
export async function buildAuthoringCompany(ctx: TestContext) {
  const co = await buildStaffedCompany(ctx);
  return {
    ...co,
    sim: {
      admin: simCaller(ctx, co.tokens.admin),
      manager: simCaller(ctx, co.tokens.manager),
      supervisor: simCaller(ctx, co.tokens.supervisor),
      agent: simCaller(ctx, co.tokens.agent),
      nobody: simCaller(ctx, null),
    },
  };
}
export type AuthoringCompany = Awaited<ReturnType<typeof buildAuthoringCompany>>;

/** POST /basicInfo as the spec sends it: multipart with one field `data` holding JSON. */
export function basicInfo(as: SimCaller, data: Partial<TBasicInfoData> & Record<string, unknown>) {
  return as.form('/api/v1/sims/basicInfo', { data: JSON.stringify(data) });
}

/** A new sim through the API; answers its id. */
export async function createSim(as: SimCaller, data: Partial<TBasicInfoData> = {}): Promise<string> {
  const res = await basicInfo(as, { title: unique('Sim'), description: 'A call to practise', ...data });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sim_id: string }).sim_id;
}

type FullSim = TFullDetailsResponse['sim'];

export async function fullSim(as: SimCaller, simId: string): Promise<FullSim> {
  const res = await as.get(`/api/v1/sims/full-details?sim_id=${simId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TFullDetailsResponse).sim;
}

export function characterOf(sim: { sim_characters: TCharacter[] }, type: TCharacter['type']): string {
  const c = sim.sim_characters.find((x) => x.type === type);
  if (!c?._id) throw new Error(`no ${type} character`);
  return c._id;
}

/** Adds a script to a level; answers the saved answer's body. */
export async function addScript(
  as: SimCaller,
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

/** A sim with its first level holding coach, customer and agent lines. */
export async function simWithScripts(as: SimCaller) {
  const simId = await createSim(as);
  const sim = await fullSim(as, simId);
  const levelId = sim.levels[0]._id;
  const lines: [TCharacter['type'], string, Record<string, unknown>?][] = [
    ['coach', 'Listen to how the agent greets the caller.'],
    ['customer', 'Hello, I need to see a cardiologist.'],
    [
      'agent',
      'I can schedule your appointment with the cardiologist on Monday morning.',
      { keywords: ['schedule', 'Monday'], hint_text: 'Offer a Monday slot' },
    ],
    ['customer', 'Monday works for me.'],
  ];
  for (const [type, text, extra] of lines) await addScript(as, simId, levelId, characterOf(sim, type), text, extra);
  return { simId, levelId, sim: await fullSim(as, simId) };
}

/** A failed answer with its status, code and (when given) the exact message. */
export function expectError(res: Answer, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, ...(message ? { message } : {}) });
}
