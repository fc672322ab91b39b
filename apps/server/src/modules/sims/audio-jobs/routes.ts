import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The authoring area: bulk audio generation of a level. */
export const simAudioJobRoutes: FastifyPluginAsyncZod = async (_app) => {};
