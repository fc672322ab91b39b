import {
  AUTHORING_MESSAGES,
  LEVEL_OPTIONS,
  LEVEL_RULE_MESSAGES,
  type LevelOption,
  maxLevelsOf,
  type TLevel,
  takenLevelName,
  type ZAddLevelRequest,
} from '@sim/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { type AppError, Conflict, found, Invalid, NotFound, RuleBroken } from '../../../lib/errors';
import { clearPassFail } from '../criteria/repository';
import { findScript, scriptsOfLevel, updateScript, updateScriptsOfLevel } from '../scripts/repository';
import { editSim, type SimRow } from '../shared/access';
import { type LevelRow, toLevel } from '../shared/shape';
import * as repo from './repository';

const M = AUTHORING_MESSAGES;
type AddLevel = z.output<typeof ZAddLevelRequest>;
type LevelInsert = repo.LevelInsert;

/** The level as answered, with its script count; 404 when it is not a level of the sim. */
export async function levelView(db: DbOrTx, simId: string, levelId: string): Promise<TLevel> {
  const row = found(await repo.findLevelWithCount(db, simId, levelId));
  return toLevel(row.level, row.totalScripts);
}

/**
 * Whether a locked sim can take new levels of these names: a hiring sim has one level (400), a training
 * sim at most 5 ('More than 5 levels are not allowed for a sim.', 422 unless `tooMany` says otherwise), and
 * no two levels of a sim share a name, case and spacing aside (409).
 */
export async function assertLevelsFit(
  tx: DbOrTx,
  sim: Pick<SimRow, 'id' | 'simType'>,
  names: readonly string[],
  tooMany: () => AppError = () => RuleBroken(M.maxLevels),
): Promise<number> {
  const levels = (await repo.levelsOf(tx, sim.id)).map((l) => l.level);
  if (levels.length + names.length > maxLevelsOf(sim.simType))
    throw sim.simType === 'hiring' ? Invalid(LEVEL_RULE_MESSAGES.hiringOneLevel) : tooMany();
  const taken = takenLevelName(names, levels);
  if (taken !== null) throw Conflict(LEVEL_RULE_MESSAGES.duplicateLevelName(taken), 'name');
  return levels.length;
}

/**
 * Adds a level to a locked sim, within the rules of assertLevelsFit; at `order` (from 0) when given, else
 * last. Levels stay numbered from 0.
 */
export async function createLevel(
  tx: DbOrTx,
  now: Date,
  sim: Pick<SimRow, 'id' | 'simType'>,
  values: Omit<LevelInsert, 'simId' | 'sortOrder' | 'createdAt' | 'updatedAt'> & { order?: number },
): Promise<LevelRow> {
  const { order, ...fields } = values;
  const total = await assertLevelsFit(tx, sim, [fields.name]);
  const level = await repo.insertLevel(tx, {
    ...fields,
    simId: sim.id,
    sortOrder: total,
    createdAt: now,
    updatedAt: now,
  });
  if (order !== undefined && order < total) {
    await repo.renumberLevels(tx, sim.id, { id: level.id, order });
    return found(await repo.findLevel(tx, sim.id, level.id));
  }
  return level;
}

export function addLevel(deps: AppDeps, actor: Actor, body: AddLevel): Promise<TLevel> {
  return editSim(deps, actor, body.sim_id, async (tx, sim) => {
    const level = await createLevel(tx, deps.now(), sim, {
      name: body.name,
      order: body.order,
      // a level the author adds by hand has the learner speak the agent's lines (DECISIONS.md section 3)
      convertAgent: true,
      hintText: body.hint_text,
      keywordScore: body.keyword_score,
      sendToSnowfly: body.send_to_snowfly,
      realTimeFeedback: body.real_time_feedback,
      screenRecording: body.screenRecording,
      onlyKeywords: body.only_keywords,
    });
    return toLevel(level, 0);
  });
}

export function renameLevel(deps: AppDeps, actor: Actor, levelId: string, body: { sim_id: string; name: string }) {
  return editSim(deps, actor, body.sim_id, async (tx) => {
    found(await repo.findLevel(tx, body.sim_id, levelId));
    const others = (await repo.levelsOf(tx, body.sim_id)).map((l) => l.level);
    const taken = takenLevelName([body.name], others, levelId);
    if (taken !== null) throw Conflict(LEVEL_RULE_MESSAGES.duplicateLevelName(taken), 'name');
    found(await repo.updateLevel(tx, body.sim_id, levelId, { name: body.name, updatedAt: deps.now() }));
    return levelView(tx, body.sim_id, levelId);
  });
}

/** Deletes a level and its scripts; the sim's pass/fail goes too when it was on this level. */
export function deleteLevel(deps: AppDeps, actor: Actor, body: { sim_id: string; level_id: string }) {
  return editSim(deps, actor, body.sim_id, async (tx) => {
    found(await repo.findLevel(tx, body.sim_id, body.level_id));
    await clearPassFail(tx, body.sim_id, body.level_id);
    await repo.deleteLevel(tx, body.sim_id, body.level_id);
    await repo.renumberLevels(tx, body.sim_id);
  });
}

const OPTION_COLUMNS: Record<LevelOption, keyof LevelInsert> = {
  keyword_score: 'keywordScore',
  hint_text: 'hintText',
  real_time_feedback: 'realTimeFeedback',
  send_to_snowfly: 'sendToSnowfly',
  screenRecording: 'screenRecording',
  only_keywords: 'onlyKeywords',
};

/**
 * A level option of the Settings dialog. Real-time feedback is also set on every script of the level
 * (a script can then be changed alone with script_id). Answers the spec's 'Successfuly updated …' text.
 */
export async function setLevelOption(
  deps: AppDeps,
  actor: Actor,
  target: { simId?: string; levelId: string },
  option: LevelOption,
  value: boolean,
): Promise<{ message: string; level: TLevel }> {
  const simId = target.simId ?? (await repo.activeSimIdOfLevel(deps.db, actor.companyId, target.levelId));
  if (!simId) throw NotFound();
  const level = await editSim(deps, actor, simId, async (tx) => {
    const now = deps.now();
    found(await repo.updateLevel(tx, simId, target.levelId, { [OPTION_COLUMNS[option]]: value, updatedAt: now }));
    if (option === 'real_time_feedback')
      await updateScriptsOfLevel(tx, target.levelId, { realTimeFeedback: value, updatedAt: now });
    return levelView(tx, simId, target.levelId);
  });
  return { message: M.optionUpdated(LEVEL_OPTIONS[option]), level };
}

/** Real-time feedback of one script of the level. */
export async function setScriptRealTimeFeedback(
  deps: AppDeps,
  actor: Actor,
  body: { sim_id: string; level_id: string; script_id: string; real_time_feedback: boolean },
): Promise<{ message: string; level: TLevel }> {
  const level = await editSim(deps, actor, body.sim_id, async (tx) => {
    const script = found(await findScript(tx, body.sim_id, body.script_id));
    if (script.script.simLevelId !== body.level_id) throw NotFound();
    await updateScript(tx, body.sim_id, body.script_id, {
      realTimeFeedback: body.real_time_feedback,
      updatedAt: deps.now(),
    });
    return levelView(tx, body.sim_id, body.level_id);
  });
  return { message: M.optionUpdated(LEVEL_OPTIONS.real_time_feedback), level };
}

const lineKey = (type: string | undefined, text: string) =>
  `${type ?? ''}\n${text.toLowerCase().replace(/\s+/g, ' ').trim()}`;

/**
 * Copies the hint texts of one level's scripts to the matching scripts of another level of the sim: the
 * same character type and the same line (case and spacing aside), in order, as Generate Sim copies them.
 * Nothing to copy or nothing matching answers 422 'Could not import Hints into Level'.
 */
export async function copyHintText(
  deps: AppDeps,
  actor: Actor,
  body: { sim_id: string; level_id: string; import_to_levelId: string },
): Promise<number> {
  if (body.level_id === body.import_to_levelId) throw Invalid(M.sameLevel, 'import_to_levelId');
  return editSim(deps, actor, body.sim_id, async (tx) => {
    found(await repo.findLevel(tx, body.sim_id, body.level_id));
    found(await repo.findLevel(tx, body.sim_id, body.import_to_levelId));
    const hints = new Map<string, string[]>();
    for (const { script, character } of await scriptsOfLevel(tx, body.level_id)) {
      if (!script.hintText) continue;
      const key = lineKey(character?.type, script.script);
      hints.set(key, [...(hints.get(key) ?? []), script.hintText]);
    }
    let matched = 0;
    const now = deps.now();
    for (const { script, character } of await scriptsOfLevel(tx, body.import_to_levelId)) {
      const hint = hints.get(lineKey(character?.type, script.script))?.shift();
      if (hint === undefined) continue;
      matched++;
      if (hint !== script.hintText) await updateScript(tx, body.sim_id, script.id, { hintText: hint, updatedAt: now });
    }
    if (!matched) throw RuleBroken(M.hintsNotImported);
    return matched;
  });
}
