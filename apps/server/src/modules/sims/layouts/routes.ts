import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The authoring area: Data Input layouts. */
export const simLayoutRoutes: FastifyPluginAsyncZod = async (_app) => {};
