import {
  AUTHORING_LIMITS,
  AUTHORING_MESSAGES,
  LEVEL_NAMES,
  parseKeywordList,
  type TLineResultResponse,
  type TMissedCorrectResponse,
  type TSaveScript,
  VOICE_NAMES,
  type VoiceName,
} from '@sim/shared';
import type { DbOrTx } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { found, Invalid, NotFound, RuleBroken } from '../../../lib/errors';
import { assertCanSim } from '../../../policies/sim';
import { lineResult } from '../../attempts/service';
import { synthesize } from '../../speech/service';
import { countLevels, findLevel } from '../levels/repository';
import { createLevel } from '../levels/service';
import { activeSimOf, editSim, type SimRow } from '../shared/access';
import { audioUrl, type LevelRow, type ScriptRow } from '../shared/shape';
import { findCharacter } from '../sims/characters-repository';
import * as repo from './repository';

const M = AUTHORING_MESSAGES;

async function assertCharacter(tx: DbOrTx, simId: string, characterId: string | undefined) {
  if (characterId) found(await findCharacter(tx, simId, characterId));
}

/** At most 200 scripts per level (DECISIONS.md section 3): the 201st answers 422. */
async function assertRoom(tx: DbOrTx, levelId: string): Promise<number> {
  const total = await repo.countScripts(tx, levelId);
  if (total >= AUTHORING_LIMITS.maxScriptsPerLevel) throw RuleBroken(M.maxScripts);
  return total;
}

/** The level of a new script: the given one, or with is_level a new level (name, level_order). */
async function levelForNewScript(tx: DbOrTx, now: Date, sim: SimRow, body: TSaveScript): Promise<LevelRow> {
  if (body.sim_level_id) return found(await findLevel(tx, sim.id, body.sim_level_id));
  if (!body.is_level) throw Invalid(M.levelRequired, 'sim_level_id');
  const levels = await countLevels(tx, sim.id);
  return createLevel(tx, now, sim, {
    name: body.name || (LEVEL_NAMES[levels] ?? `Level ${levels + 1}`),
    order: body.level_order ?? undefined,
    keywordScore: levels === 0,
  });
}

/** The fields of the body that were sent (an update keeps what is left out). */
function sentFields(body: TSaveScript): Partial<repo.ScriptInsert> {
  const set: Partial<repo.ScriptInsert> = {};
  if (body.sim_character_id !== undefined) set.simCharacterId = body.sim_character_id;
  if (body.script !== undefined) set.script = body.script;
  if (body.keywords !== undefined) set.keywords = body.keywords;
  if (body.tests !== undefined) set.tests = body.tests;
  if (body.hint_text !== undefined) set.hintText = body.hint_text ?? '';
  if (body.hide_text !== undefined) set.hideText = body.hide_text;
  if (body.autopopulate_timer !== undefined) set.autopopulateTimer = body.autopopulate_timer;
  if (body.autopopulate_data !== undefined) set.autopopulateData = body.autopopulate_data;
  if (body.real_time_feedback !== undefined) set.realTimeFeedback = body.real_time_feedback;
  if (body.natural_lenguage !== undefined) set.naturalLenguage = body.natural_lenguage;
  if (body.agent_recorded_audio !== undefined) set.agentRecordedAudio = body.agent_recorded_audio;
  if (body.overalConfidence !== undefined) set.overalConfidence = body.overalConfidence;
  return set;
}

async function createScript(tx: DbOrTx, now: Date, sim: SimRow, body: TSaveScript): Promise<ScriptRow> {
  if (!body.script) throw Invalid(M.scriptRequired, 'script');
  if (!body.sim_character_id) throw Invalid(M.characterRequired, 'sim_character_id');
  await assertCharacter(tx, sim.id, body.sim_character_id);
  const level = await levelForNewScript(tx, now, sim, body);
  const total = await assertRoom(tx, level.id);
  const row = await repo.insertScript(tx, {
    realTimeFeedback: level.realTimeFeedback,
    naturalLenguage: sim.naturalLenguage,
    ...sentFields(body),
    script: body.script,
    simId: sim.id,
    simLevelId: level.id,
    sortOrder: total + 1,
    createdAt: now,
    updatedAt: now,
  });
  if (body.order !== undefined && body.order <= total)
    await repo.renumberScripts(tx, level.id, { id: row.id, order: body.order });
  return row;
}

/** An update may move the script to another level of the sim and to another position (order from 1). */
async function updateScript(tx: DbOrTx, now: Date, simId: string, scriptId: string, body: TSaveScript) {
  const current = found(await repo.findScript(tx, simId, scriptId)).script;
  await assertCharacter(tx, simId, body.sim_character_id);
  const levelId = body.sim_level_id ?? current.simLevelId;
  const moved = levelId !== current.simLevelId;
  if (moved) {
    found(await findLevel(tx, simId, levelId));
    await assertRoom(tx, levelId);
  }
  const row = found(
    await repo.updateScript(tx, simId, scriptId, { ...sentFields(body), simLevelId: levelId, updatedAt: now }),
  );
  if (moved) {
    await repo.renumberScripts(tx, current.simLevelId);
    await repo.renumberScripts(tx, levelId, { id: scriptId, order: body.order ?? Number.MAX_SAFE_INTEGER });
  } else if (body.order !== undefined && body.order !== current.sortOrder) {
    await repo.renumberScripts(tx, levelId, { id: scriptId, order: body.order });
  }
  return row;
}

/** Creates (no _id) or updates a script; answers the script and level ids. */
export function saveScript(deps: AppDeps, actor: Actor, body: TSaveScript) {
  return editSim(deps, actor, body.sim_id, async (tx, sim) => {
    const now = deps.now();
    const row = body._id ? await updateScript(tx, now, sim.id, body._id, body) : await createScript(tx, now, sim, body);
    return { scriptId: row.id, levelId: row.simLevelId };
  });
}

export async function scriptView(deps: AppDeps, simId: string, scriptId: string) {
  return found(await repo.findScript(deps.db, simId, scriptId));
}

/** The Add Keyword dialog: split on commas, unique, one operator kind per entry. */
export async function saveKeywords(
  deps: AppDeps,
  actor: Actor,
  body: { sim_id: string; script_id: string; keywords: string | string[] },
) {
  const parsed = parseKeywordList(body.keywords);
  if (!parsed.ok) throw Invalid(parsed.message, 'keywords');
  await editSim(deps, actor, body.sim_id, async (tx) => {
    found(
      await repo.updateScript(tx, body.sim_id, body.script_id, { keywords: parsed.keywords, updatedAt: deps.now() }),
    );
  });
  return { keywords: parsed.keywords, duplicates: parsed.duplicates };
}

/** Deletes a script; the level's scripts are numbered from 1 again. */
export function deleteScript(deps: AppDeps, actor: Actor, body: { sim_id: string; script_id: string }) {
  return editSim(deps, actor, body.sim_id, async (tx) => {
    const row = found(await repo.deleteScript(tx, body.sim_id, body.script_id));
    await repo.renumberScripts(tx, row.simLevelId);
  });
}

/**
 * Generates the script's audio with the speech service (in the given voice, else its character's) and
 * keeps the clip's key on the script; answers a signed, expiring URL of the MP3.
 */
export async function generateVoice(
  deps: AppDeps,
  actor: Actor,
  body: { sim_id: string; sim_script_id: string; voice?: VoiceName },
) {
  await activeSimOf(deps.db, actor, body.sim_id);
  const { script, character } = found(await repo.findScript(deps.db, body.sim_id, body.sim_script_id));
  const voice = body.voice ?? (character?.voice as VoiceName | undefined) ?? VOICE_NAMES[0];
  const { key } = await synthesize(deps, script.script, voice);
  await editSim(deps, actor, body.sim_id, async (tx) => {
    found(
      await repo.updateScript(tx, body.sim_id, script.id, {
        audioKey: key,
        audioSource: 'generated',
        voice,
        updatedAt: deps.now(),
      }),
    );
  });
  const signed = audioUrl(deps, key);
  return { audio_url: signed.url ?? '', expiry_date: signed.expiry ?? '', audio_key: key, voice };
}

/**
 * GET /get-missed-correct-keywords?id serves two callers (DECISIONS.md §6), told apart by the id:
 * - a learner's line the caller may read (the attempts policy): its result, status Pending until graded;
 * - a script of the caller's company: its last Try Test, for authors (sim_list view, 403 otherwise, checked
 *   here since the route is open to any signed-in user); never tried, every keyword is listed as missed.
 * Anything else — a missing id, another company's, a line the caller may not read — answers the same 404.
 */
export async function missedCorrectKeywords(
  deps: AppDeps,
  actor: Actor,
  id: string,
): Promise<Omit<TMissedCorrectResponse, 'success'> | Omit<TLineResultResponse, 'success'>> {
  const line = await lineResult(deps, actor, id);
  if (line) return line;
  const script = await repo.findScriptOfCompany(deps.db, actor.companyId, id);
  if (!script) throw NotFound();
  assertCanSim(actor, 'view');
  const last = script.lastTryOut;
  return {
    script_id: script.id,
    graded: last !== null,
    correctKeywords: last?.correctKeywords ?? [],
    missedKeywords: last?.missedKeywords ?? script.keywords,
    grade_score: last?.grade_score ?? null,
    passed: last?.passed ?? null,
    transcription: last?.transcription ?? null,
    graded_at: last?.graded_at ?? null,
  };
}
