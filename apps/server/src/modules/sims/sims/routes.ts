import {
  AUTHORING_MESSAGES,
  ZCharactersQuery,
  ZCharactersResponse,
  ZCurrentSimQuery,
  ZCurrentSimResponse,
  ZDeletedSimsQuery,
  ZEmptyTrashResponse,
  ZFullDetailsQuery,
  ZFullDetailsResponse,
  ZProductSimsQuery,
  ZProductsResponse,
  ZSimDataResponse,
  ZSimDetailsQuery,
  ZSimDetailsResponse,
  ZSimIdBody,
  ZSimListQuery,
  ZSimListResponse,
  ZSimMessageResponse,
  ZSimOptionsResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../plugins/access';
import { selectVoices } from '../shared/shape';
import * as service from './service';

/** The sim list, the trash, products and the read views of a sim (authoring.md section 7). */
export const simListRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['sims'];

  app.get(
    '/api/v1/sims/listing',
    {
      schema: {
        tags,
        summary: "A page of the company's sims (product filter, title search, sortable; page size 10)",
        querystring: ZSimListQuery,
        response: { 200: ZSimListResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await service.listSims(deps, actorOf(request), request.query)) }),
  );

  app.get(
    '/api/v1/sims/deleted-sims',
    {
      schema: {
        tags,
        summary: 'A page of the trash, last deleted first',
        querystring: ZDeletedSimsQuery,
        response: { 200: ZSimListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.listDeletedSims(deps, actorOf(request), request.query)),
    }),
  );

  app.get(
    '/api/v1/sims/list',
    {
      schema: {
        tags,
        summary: "The company's active sims, optionally of one product (for selects)",
        querystring: ZProductSimsQuery,
        response: { 200: ZSimOptionsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      sims: await service.simOptions(deps, actorOf(request), request.query.product_id),
    }),
  );

  app.get(
    '/api/v1/sims/simData',
    {
      schema: {
        tags,
        summary: "The company's active sims of a product with their levels (for sim and level selects)",
        querystring: ZProductSimsQuery,
        response: { 200: ZSimDataResponse },
      },
    },
    async (request) => ({
      success: true as const,
      sims: await service.simData(deps, actorOf(request), request.query.product_id),
    }),
  );

  app.get(
    '/api/v1/sims/details',
    {
      schema: {
        tags,
        summary: 'A sim with its characters (the defaults when it has none)',
        querystring: ZSimDetailsQuery,
        response: { 200: ZSimDetailsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      sim: await service.simDetails(deps, actorOf(request), request.query.simId),
    }),
  );

  app.get(
    '/api/v1/sims/current-sim',
    {
      schema: {
        tags,
        summary: 'A sim as the builder opens it: characters, levels with script counts, pass/fail criteria',
        querystring: ZCurrentSimQuery,
        response: { 200: ZCurrentSimResponse },
      },
    },
    async (request) => ({
      success: true as const,
      sim: await service.currentSim(deps, actorOf(request), request.query.id),
    }),
  );

  app.get(
    '/api/v1/sims/full-details',
    {
      schema: {
        tags,
        summary: 'A sim with characters, levels and every script (audio as signed, expiring URLs)',
        querystring: ZFullDetailsQuery,
        response: { 200: ZFullDetailsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      sim: await service.fullDetails(deps, actorOf(request), request.query.sim_id),
    }),
  );

  app.get(
    '/api/v1/sims/characters',
    {
      schema: {
        tags,
        summary: "A sim's characters, or the default characters when it has none or no sim_id is given",
        querystring: ZCharactersQuery,
        response: { 200: ZCharactersResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.characters(deps, actorOf(request), request.query.sim_id)),
      selectVoices: selectVoices(),
    }),
  );

  app.get(
    '/api/v1/product',
    { schema: { tags, summary: 'The products a sim is built for', response: { 200: ZProductsResponse } } },
    async () => ({ success: true as const, products: await service.products(deps) }),
  );

  app.post(
    '/api/v1/sims/delete',
    {
      schema: { tags, summary: 'Move a sim to the trash', body: ZSimIdBody, response: { 200: ZSimMessageResponse } },
    },
    async (request) => ({
      success: true as const,
      message: await service.trashSim(deps, actorOf(request), request.body.sim_id),
    }),
  );

  app.post(
    '/api/v1/sims/recover',
    {
      schema: {
        tags,
        summary: 'Restore a sim from the trash',
        body: ZSimIdBody,
        response: { 200: ZSimMessageResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: await service.recoverSim(deps, actorOf(request), request.body.sim_id),
    }),
  );

  app.post(
    '/api/v1/sims/trash',
    {
      schema: {
        tags,
        summary: "Empty the trash: delete the company's trashed sims for good",
        response: { 200: ZEmptyTrashResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: AUTHORING_MESSAGES.trashEmptied,
      deleted: await service.emptyTrash(deps, actorOf(request)),
    }),
  );
};
