import type { AppContext, Seed } from './factories';
import { type Author, buildScriptedSim, buildSim, caller, fullSim, productId, tokenFor } from './factories';

/**
 * Sims of the 'Training SIM' product, for the authoring tests that need more than one level: a hiring sim
 * has one level, and buildSim's default (the first product) is 'Hiring SIM'.
 */
export async function trainingSim(seed: Seed, author: Author, fields: Parameters<typeof buildSim>[2] = {}) {
  return buildSim(seed, author, { productId: await productId(seed, 'Training SIM'), ...fields });
}

/** A scripted training sim (buildScriptedSim) with its full details as the author reads them. */
export async function trainingSimWithScripts(ctx: Seed & AppContext, author: Author) {
  const { simId, levelId } = await buildScriptedSim(ctx, author, { productId: await productId(ctx, 'Training SIM') });
  return { simId, levelId, sim: await fullSim(caller(ctx, await tokenFor(ctx, author)), simId) };
}
