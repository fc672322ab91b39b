import type { TDuplicateSimResponse, TLevel, ZActiveStepResponse } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { downloadApiFile } from '../../../lib/download';
import { useSimMutation } from './use-sim-mutation';

/** POST /api/v1/sims/duplicate-sim {simId}: the copy is named '<title> (Copy)'. */
export function duplicateSim(simId: string) {
  return apiRequest<TDuplicateSimResponse>('/api/v1/sims/duplicate-sim', { method: 'POST', body: { simId } });
}

export function useDuplicateSim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateSim,
    // the sim list gains the copy
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sims', 'list'] }),
  });
}

/** PATCH /api/v1/sims/active-step {sim_id, activeStep}: the wizard step kept on the sim. */
export function saveActiveStep(body: { sim_id: string; activeStep: number }) {
  return apiRequest<z.infer<typeof ZActiveStepResponse>>('/api/v1/sims/active-step', { method: 'PATCH', body });
}

export function useSaveActiveStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveActiveStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sims'] }),
  });
}

/** GET /api/v1/sims/download-template (kind=levels): the levels import template, saved as a download. */
export function downloadLevelsTemplate() {
  return downloadApiFile('/api/v1/sims/download-template', { kind: 'levels' }, 'Levels_Template.xlsx');
}

/** GET /api/v1/sims/excel/levels?level_id: one level as .xlsx, saved as a download. */
export function exportLevel(levelId: string) {
  return downloadApiFile('/api/v1/sims/excel/levels', { level_id: levelId }, 'level.xlsx');
}

export interface UploadLevelsAnswer {
  success: true;
  message: string;
  levels: TLevel[];
}

/** POST /api/v1/sims/upload-levels (multipart sim_id, levelCount, order, file): levels added after the others. */
export function uploadLevels(body: { sim_id: string; levelCount: number; file: File }) {
  const form = new FormData();
  form.append('sim_id', body.sim_id);
  form.append('levelCount', String(body.levelCount));
  form.append('order', String(body.levelCount));
  form.append('file', body.file, body.file.name);
  return apiRequest<UploadLevelsAnswer>('/api/v1/sims/upload-levels', { method: 'POST', form });
}

export const useUploadLevels = (simId: string) => useSimMutation(simId, uploadLevels);
