import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The authoring area: the case service. */
export const caseServiceRoutes: FastifyPluginAsyncZod = async (_app) => {};
