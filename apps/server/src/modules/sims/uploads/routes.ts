import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The authoring area: uploads of a sim. */
export const simUploadRoutes: FastifyPluginAsyncZod = async (_app) => {};
