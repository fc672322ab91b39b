import { simExcelApi, simsApi } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadRouteFile } from '../../../lib/download';
import { useSimMutation } from './use-sim-mutation';

/** The copy is named '<title> (Copy)'. */
export function duplicateSim(simId: string) {
  return apiRequest(simsApi.duplicate, { body: { simId } });
}

export function useDuplicateSim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateSim,
    // the sim list gains the copy
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sims', 'list'] }),
  });
}

/** The wizard step kept on the sim. */
export function saveActiveStep(body: { sim_id: string; activeStep: number }) {
  return apiRequest(simsApi.activeStep, { body });
}

export function useSaveActiveStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveActiveStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sims'] }),
  });
}

/** The levels import template, saved as a download. */
export function downloadLevelsTemplate() {
  return downloadRouteFile(simExcelApi.downloadTemplate, { query: { kind: 'levels' } }, 'Levels_Template.xlsx');
}

/** One level as .xlsx, saved as a download. */
export function exportLevel(levelId: string) {
  return downloadRouteFile(simExcelApi.exportLevel, { query: { level_id: levelId } }, 'level.xlsx');
}

/** Multipart sim_id, levelCount, order, file: the levels are added after the others. */
export function uploadLevels(body: { sim_id: string; levelCount: number; file: File }) {
  const form = new FormData();
  form.append('sim_id', body.sim_id);
  form.append('levelCount', String(body.levelCount));
  form.append('order', String(body.levelCount));
  form.append('file', body.file, body.file.name);
  return apiRequest(simExcelApi.uploadLevels, { form });
}

export const useUploadLevels = (simId: string) => useSimMutation(simId, uploadLevels);
