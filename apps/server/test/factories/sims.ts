import { DEFAULT_CHARACTERS, DEFAULT_LEVEL_NAME, simTypeOfProduct, type TCharacter } from '@sim/shared';
import { asc, count, eq } from 'drizzle-orm';
import { simCharacters, simLevels, simScripts, sims, tools } from '../../src/db/schema/index';
import type { DbSeed } from './company';
import { unique } from './values';

export type SimRow = typeof sims.$inferSelect;
export type LevelRow = typeof simLevels.$inferSelect;
export type ScriptRow = typeof simScripts.$inferSelect;
export type CharacterType = TCharacter['type'];
/** Who makes a sim: its company and its author. */
export interface Author {
  id: string;
  companyId: string;
}

/** The id of a product (a tool) by name: 'Training SIM', 'Hiring SIM', 'Training SIM - Internal Data'… */
export async function productId(seed: DbSeed, name: string): Promise<string> {
  const [row] = await seed.db.select({ id: tools.id }).from(tools).where(eq(tools.name, name));
  if (!row) throw new Error(`no product ${name}`);
  return row.id;
}

/**
 * A sim of the author's company written straight to the database, as Basic Information makes one: the
 * first product unless given (its kind follows the product), the four default characters and the level
 * 'Watch and Learn' (order 0, keyword score on). Answers its id.
 */
export async function buildSim(
  seed: DbSeed,
  author: Author,
  fields: Partial<Omit<typeof sims.$inferInsert, 'companyId' | 'createdBy'>> = {},
): Promise<string> {
  return seed.db.transaction(async (tx) => {
    const [product] = await tx
      .select()
      .from(tools)
      .where(fields.productId ? eq(tools.id, fields.productId) : undefined)
      .orderBy(asc(tools.sortOrder), asc(tools.name))
      .limit(1);
    const [sim] = await tx
      .insert(sims)
      .values({
        title: unique('Sim'),
        description: 'A call to practise',
        simType: simTypeOfProduct(product.name),
        ...fields,
        productId: product.id,
        companyId: author.companyId,
        createdBy: author.id,
      })
      .returning({ id: sims.id });
    await tx.insert(simCharacters).values(
      DEFAULT_CHARACTERS.map((c) => ({
        simId: sim.id,
        type: c.type,
        name: c.name,
        voice: c.voice,
        avatar: c.avatar,
        maskedType: c.masked_type,
      })),
    );
    await tx.insert(simLevels).values({ simId: sim.id, name: DEFAULT_LEVEL_NAME, sortOrder: 0, keywordScore: true });
    return sim.id;
  });
}

/** The ids of a sim's characters by type. */
export async function charactersOf(seed: DbSeed, simId: string): Promise<Record<CharacterType, string>> {
  const rows = await seed.db
    .select({ id: simCharacters.id, type: simCharacters.type })
    .from(simCharacters)
    .where(eq(simCharacters.simId, simId));
  return Object.fromEntries(rows.map((r) => [r.type, r.id])) as Record<CharacterType, string>;
}

/** The sim's levels in order. */
export function levelsOf(seed: DbSeed, simId: string): Promise<LevelRow[]> {
  return seed.db.select().from(simLevels).where(eq(simLevels.simId, simId)).orderBy(asc(simLevels.sortOrder));
}

/** A level added last to a sim (no limit checked: a builder may make what the API refuses). */
export async function buildLevel(
  seed: DbSeed,
  simId: string,
  fields: Partial<Omit<typeof simLevels.$inferInsert, 'simId'>> = {},
): Promise<LevelRow> {
  const [{ total }] = await seed.db.select({ total: count() }).from(simLevels).where(eq(simLevels.simId, simId));
  const [level] = await seed.db
    .insert(simLevels)
    .values({ name: `Level ${total + 1}`, sortOrder: total, ...fields, simId })
    .returning();
  return level;
}

/**
 * A script added last to a level, as the scripts route adds one: the level's real-time feedback and the
 * sim's natural-language flag unless given.
 */
export async function buildScript(
  seed: DbSeed,
  values: { simId: string; levelId: string; characterId: string; script: string } & Partial<
    Omit<typeof simScripts.$inferInsert, 'simId' | 'simLevelId' | 'simCharacterId' | 'script'>
  >,
): Promise<ScriptRow> {
  const { simId, levelId, characterId, script, ...fields } = values;
  const [level] = await seed.db.select().from(simLevels).where(eq(simLevels.id, levelId));
  const [sim] = await seed.db.select().from(sims).where(eq(sims.id, simId));
  const [{ total }] = await seed.db
    .select({ total: count() })
    .from(simScripts)
    .where(eq(simScripts.simLevelId, levelId));
  const [row] = await seed.db
    .insert(simScripts)
    .values({
      realTimeFeedback: level.realTimeFeedback,
      naturalLenguage: sim.naturalLenguage,
      sortOrder: total + 1,
      ...fields,
      simId,
      simLevelId: levelId,
      simCharacterId: characterId,
      script,
    })
    .returning();
  return row;
}

/** The lines of a scripted sim's first level: coach, customer, agent (with keywords and a hint), customer. */
export const SCRIPTED_LINES: readonly [CharacterType, string, { keywords?: string[]; hintText?: string }?][] = [
  ['coach', 'Listen to how the agent greets the caller.'],
  ['customer', 'Hello, I need to see a cardiologist.'],
  [
    'agent',
    'I can schedule your appointment with the cardiologist on Monday morning.',
    { keywords: ['schedule', 'Monday'], hintText: 'Offer a Monday slot' },
  ],
  ['customer', 'Monday works for me.'],
];

/** A sim whose first level holds SCRIPTED_LINES, in the database. */
export async function buildScriptedSim(seed: DbSeed, author: Author, fields: Parameters<typeof buildSim>[2] = {}) {
  const simId = await buildSim(seed, author, fields);
  const [level] = await levelsOf(seed, simId);
  const characters = await charactersOf(seed, simId);
  const scripts: ScriptRow[] = [];
  for (const [type, script, extra] of SCRIPTED_LINES)
    scripts.push(
      await buildScript(seed, { simId, levelId: level.id, characterId: characters[type], script, ...extra }),
    );
  return { simId, levelId: level.id, characters, scripts };
}
