import { AUTHORING_MESSAGES, simsApi as api } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../lib/route';
import { actorOf } from '../../../plugins/access';
import { selectVoices } from '../shared/shape';
import * as service from './service';

/** The sim list, the trash, products and the read views of a sim (authoring.md section 7). */
export const simListRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.list, async (request) => ({
    success: true as const,
    ...(await service.listSims(deps, actorOf(request), request.query)),
  }));

  route(app, api.deleted, async (request) => ({
    success: true as const,
    ...(await service.listDeletedSims(deps, actorOf(request), request.query)),
  }));

  route(app, api.options, async (request) => ({
    success: true as const,
    sims: await service.simOptions(deps, actorOf(request), request.query.product_id),
  }));

  route(app, api.simData, async (request) => ({
    success: true as const,
    sims: await service.simData(deps, actorOf(request), request.query.product_id),
  }));

  route(app, api.details, async (request) => ({
    success: true as const,
    sim: await service.simDetails(deps, actorOf(request), request.query.simId),
  }));

  route(app, api.currentSim, async (request) => ({
    success: true as const,
    sim: await service.currentSim(deps, actorOf(request), request.query.id),
  }));

  route(app, api.fullDetails, async (request) => ({
    success: true as const,
    sim: await service.fullDetails(deps, actorOf(request), request.query.sim_id),
  }));

  route(app, api.characters, async (request) => ({
    success: true as const,
    ...(await service.characters(deps, actorOf(request), request.query.sim_id)),
    selectVoices: selectVoices(),
  }));

  route(app, api.products, async () => ({ success: true as const, products: await service.products(deps) }));

  route(app, api.delete, async (request) => ({
    success: true as const,
    message: await service.trashSim(deps, actorOf(request), request.body.sim_id),
  }));

  route(app, api.recover, async (request) => ({
    success: true as const,
    message: await service.recoverSim(deps, actorOf(request), request.body.sim_id),
  }));

  route(app, api.emptyTrash, async (request) => ({
    success: true as const,
    message: AUTHORING_MESSAGES.trashEmptied,
    deleted: await service.emptyTrash(deps, actorOf(request)),
  }));
};
