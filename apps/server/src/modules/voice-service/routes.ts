import type { FastifyInstance } from 'fastify';

/** Placeholder while this module is being written (issue 13). */
export async function voiceServiceRoutes(_app: FastifyInstance) {}
