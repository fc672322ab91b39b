/** Levels import and export through Excel (authoring.md section 7, DECISIONS.md section 3). */
import { z } from 'zod';
import { ZLevel } from './levels';
import { ZRowId } from './users';

// POST /api/v1/sims/upload-levels (multipart: file, sim_id, levelCount, order). levelCount and order are
// the client's view of the sim.
export const ZUploadLevelsFields = z.object({
  sim_id: ZRowId,
  levelCount: z.coerce.number().int().min(0).optional(),
  order: z.coerce.number().int().min(0).optional(),
});
export const ZUploadLevelsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  levels: z.array(ZLevel),
});
export type TUploadLevelsResponse = z.infer<typeof ZUploadLevelsResponse>;

// GET /api/v1/sims/excel/levels?level_id
export const ZExportLevelQuery = z.object({ level_id: ZRowId });
