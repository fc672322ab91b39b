import {
  AUTHORING_MESSAGES,
  DEFAULT_CHARACTERS,
  DEFAULT_LEVEL_NAME,
  LEVEL_RULE_MESSAGES,
  maxLevelsOf,
  simTypeOfProduct,
  type TBasicInfo,
  type TCharacter,
  type ZUpdateCharactersRequest,
} from '@sim/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { found, Invalid } from '../../../lib/errors';
import { assertCanSim } from '../../../policies/sim';
import { countLevels, insertLevel } from '../levels/repository';
import { editSim } from '../shared/access';
import { toCharacter } from '../shared/shape';
import { charactersOf, insertCharacters, upsertCharacters } from './characters-repository';
import * as repo from './repository';

type UpdateCharacters = z.output<typeof ZUpdateCharactersRequest>;

/** A product by id; left out, the sim's current product, else the first product (section 5). */
async function productFor(db: DbOrTx, productId: string | undefined, current?: string) {
  const product = await repo.findProduct(db, productId ?? current);
  if (!product) throw Invalid(AUTHORING_MESSAGES.unknownProduct, 'product_id');
  return product;
}

/**
 * Basic Information: creates the sim (sim_list create) or, with _id, updates it (sim_list update).
 * The kind follows the product ('Hiring SIM' → hiring); a sim with several levels cannot become a hiring
 * sim (400: a hiring sim has one level). A new sim gets the default characters and the
 * level 'Watch and Learn' (order 0, keyword score on).
 */
export async function saveBasicInfo(deps: AppDeps, actor: Actor, data: TBasicInfo): Promise<string> {
  // the sim itself is loaded, locked and scoped to the company by editSim (404)
  assertCanSim(actor, data._id ? 'update' : 'create');
  const fields = {
    title: data.title,
    description: data.description,
    briefDescription: data.brief_description,
    adminNote: data.admin_note,
    callType: data.call_type,
    autoPopulate: data.auto_populate,
    realTimeFeedback: data.real_time_feedback,
    naturalLenguage: data.natural_lenguage,
    draft: data.draft,
    hotLinks: data.hot_links,
    ...(data.activeStep === undefined ? {} : { activeStep: data.activeStep }),
  };
  const simId = data._id;
  if (simId) {
    await editSim(deps, actor, simId, async (tx, sim) => {
      const product = await productFor(tx, data.product_id, sim.productId);
      const simType = simTypeOfProduct(product.name);
      const levels = await countLevels(tx, simId);
      if (levels > maxLevelsOf(simType)) throw Invalid(LEVEL_RULE_MESSAGES.hiringHasLevels(levels), 'product_id');
      await repo.updateSim(tx, simId, { ...fields, productId: product.id, simType });
    });
    return simId;
  }
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const product = await productFor(tx, data.product_id);
    const id = await repo.insertSim(tx, {
      ...fields,
      productId: product.id,
      simType: simTypeOfProduct(product.name),
      companyId: actor.companyId,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await insertCharacters(
      tx,
      DEFAULT_CHARACTERS.map((c) => ({
        simId: id,
        type: c.type,
        name: c.name,
        voice: c.voice,
        avatar: c.avatar,
        maskedType: c.masked_type,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await insertLevel(tx, {
      simId: id,
      name: DEFAULT_LEVEL_NAME,
      sortOrder: 0,
      keywordScore: true,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  });
}

export async function savedSim(deps: AppDeps, actor: Actor, simId: string) {
  return found(await repo.findSimView(deps.db, actor.companyId, simId));
}

/** Select Avatars: the four characters, matched by type (their ids, which scripts use, are kept). */
export function updateCharacters(deps: AppDeps, actor: Actor, body: UpdateCharacters): Promise<TCharacter[]> {
  return editSim(deps, actor, body.sim_id, async (tx) => {
    const now = deps.now();
    await upsertCharacters(
      tx,
      body.sim_characters.map((c) => ({
        simId: body.sim_id,
        type: c.type,
        name: c.name,
        voice: c.voice,
        avatar: c.avatar,
        maskedType: c.masked_type || c.type,
        createdAt: now,
        updatedAt: now,
      })),
    );
    if (body.activeStep !== undefined) await repo.updateSim(tx, body.sim_id, { activeStep: body.activeStep });
    return (await charactersOf(tx, body.sim_id)).map(toCharacter);
  });
}

export async function setActiveStep(deps: AppDeps, actor: Actor, simId: string, activeStep: number) {
  await editSim(deps, actor, simId, (tx) => repo.updateSim(tx, simId, { activeStep }));
  return activeStep;
}
