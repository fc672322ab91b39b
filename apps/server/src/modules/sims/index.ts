import type { FastifyPluginAsync } from 'fastify';
import { simAudioJobRoutes } from './audio-jobs/routes';
import { clientLogRoutes } from './client-log';
import { criteriaRoutes } from './criteria/routes';
import { generateRoutes } from './generate/routes';
import { simLayoutRoutes } from './layouts/routes';
import { levelRoutes } from './levels/routes';
import { scriptRoutes } from './scripts/routes';
import { simBuilderRoutes } from './sims/builder-routes';
import { simListExportRoutes } from './sims/list-export-routes';
import { simListRoutes } from './sims/routes';
import { simUploadRoutes } from './uploads/routes';

/** The authoring area (issue 5): every route of authoring.md section 7 built so far. */
export const simRoutes: FastifyPluginAsync = async (app) => {
  await app.register(simListRoutes);
  await app.register(simListExportRoutes);
  await app.register(simBuilderRoutes);
  await app.register(levelRoutes);
  await app.register(scriptRoutes);
  await app.register(generateRoutes);
  await app.register(criteriaRoutes);
  await app.register(clientLogRoutes);
  await app.register(simUploadRoutes);
  await app.register(simLayoutRoutes);
  await app.register(simAudioJobRoutes);
};
