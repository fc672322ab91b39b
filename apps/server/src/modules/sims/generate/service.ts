import {
  AUTHORING_MESSAGES,
  GENERATE_FLAGS,
  GENERATED_LEVEL_DEFAULTS,
  GENERATED_LEVEL_NAMES,
  type GeneratedLevelName,
  type GenerateSettings,
  type TGenerateLevelSettings,
  type TLevel,
} from '@sim/shared';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { RuleBroken } from '../../../lib/errors';
import { insertLevel, levelsOf } from '../levels/repository';
import { assertLevelsFit } from '../levels/service';
import { insertScripts, type ScriptInsert, type ScriptWithCharacter, scriptsOfLevel } from '../scripts/repository';
import { editSim } from '../shared/access';
import { toLevel } from '../shared/shape';

export interface LevelPlan extends GenerateSettings {
  name: GeneratedLevelName;
}

/** The levels to make, in the fixed order, each with the spec's flags unless the request changes them. */
export function planLevels(requested: readonly TGenerateLevelSettings[] | undefined): LevelPlan[] {
  const list = requested ?? GENERATED_LEVEL_NAMES.map((name) => ({ name }));
  return list
    .map((entry) => {
      const plan: LevelPlan = { name: entry.name, ...GENERATED_LEVEL_DEFAULTS[entry.name] };
      for (const flag of GENERATE_FLAGS) {
        const value = (entry as Partial<GenerateSettings>)[flag];
        if (value !== undefined) plan[flag] = value;
      }
      return plan;
    })
    .sort((a, b) => GENERATED_LEVEL_NAMES.indexOf(a.name) - GENERATED_LEVEL_NAMES.indexOf(b.name));
}

/**
 * The scripts of the first level transformed for a generated level (DECISIONS.md section 3): remove coach
 * drops coach lines; remove agent hides the agent's line text. Convert agent, include keywords, hint
 * text and auto-populate are flags of the level the learner's player reads.
 */
export function transformScripts(
  source: readonly ScriptWithCharacter[],
  plan: LevelPlan,
  target: { levelId: string; now: Date },
): ScriptInsert[] {
  return source
    .filter(({ character }) => !(plan.remove_coach && character?.type === 'coach'))
    .map(({ script, character }, index) => {
      const { id: _i, simLevelId: _l, lastTryOut: _t, createdAt: _c, updatedAt: _u, ...values } = script;
      return {
        ...values,
        simLevelId: target.levelId,
        sortOrder: index + 1,
        hideText: plan.remove_agent && character?.type === 'agent' ? true : script.hideText,
        createdAt: target.now,
        updatedAt: target.now,
      };
    });
}

/**
 * Generate Sim: copies the first level's scripts into new levels with the fixed names ('Watch the
 * experts', 'Try w/ scripts', 'Try w/ keywords', 'Try w/o help'), after the existing levels, within the
 * rules of assertLevelsFit: not over 5 levels (422), not for a hiring sim (400), no name twice (409).
 */
export function generateSim(
  deps: AppDeps,
  actor: Actor,
  simId: string,
  requested: readonly TGenerateLevelSettings[] | undefined,
): Promise<TLevel[]> {
  const plans = planLevels(requested);
  return editSim(deps, actor, simId, async (tx, sim) => {
    await assertLevelsFit(
      tx,
      sim,
      plans.map((p) => p.name),
    );
    const levels = await levelsOf(tx, simId);
    const first = levels[0];
    if (!first || first.totalScripts === 0) throw RuleBroken(AUTHORING_MESSAGES.nothingToGenerate);
    const source = await scriptsOfLevel(tx, first.level.id);
    const now = deps.now();
    const made: TLevel[] = [];
    let order = levels.length;
    for (const plan of plans) {
      const level = await insertLevel(tx, {
        simId,
        name: plan.name,
        sortOrder: order++,
        simGenerated: true,
        removeCoach: plan.remove_coach,
        convertAgent: plan.convert_agent,
        removeAgent: plan.remove_agent,
        autoPopulate: plan.auto_populate,
        hintText: plan.hint_text,
        onlyKeywords: plan.include_keywords,
        keywordScore: plan.convert_agent,
        realTimeFeedback: first.level.realTimeFeedback,
        createdAt: now,
        updatedAt: now,
      });
      const scripts = transformScripts(source, plan, { levelId: level.id, now });
      await insertScripts(tx, scripts);
      made.push(toLevel(level, scripts.length));
    }
    return made;
  });
}
