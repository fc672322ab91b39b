import {
  casesApi,
  LAYOUT_TEMPLATE,
  layoutsApi,
  simExcelApi,
  simsApi,
  type TLayout,
  type TLayoutType,
} from '@sim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadRouteFile } from '../../../lib/download';

export const dataInputKeys = {
  all: ['data-input'] as const,
  layouts: (simId: string) => [...dataInputKeys.all, 'layouts', simId] as const,
  caseIds: () => [...dataInputKeys.all, 'case-ids'] as const,
};

/** get-keywords, falling back to layoutData/fetch when its layoutString is empty (authoring.md section 7). */
export async function getLayouts(simId: string, signal?: AbortSignal): Promise<TLayout[]> {
  const keywords = await apiRequest(layoutsApi.keywords, { query: { sim_id: simId } }, { signal });
  if (keywords.layoutString !== '') return keywords.layouts;
  const fetched = await apiRequest(layoutsApi.fetch, { query: { sim_id: simId } }, { signal });
  return fetched.layouts;
}

export function useLayouts(simId: string) {
  return useQuery({
    queryKey: dataInputKeys.layouts(simId),
    queryFn: ({ signal }) => getLayouts(simId, signal),
  });
}

/** Multipart fields sim_id, type and file 'file'. */
export function useUploadLayout(simId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, file }: { type: TLayoutType; file: File }) => {
      const form = new FormData();
      form.append('sim_id', simId);
      form.append('type', type);
      form.append('file', file);
      return apiRequest(layoutsApi.upload, { params: { id: simId }, form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dataInputKeys.layouts(simId) }),
  });
}

export function useSaveLayouts(simId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (layouts: TLayout[]) => apiRequest(layoutsApi.save, { body: { sim_id: simId, layouts } }),
    onSuccess: (response) => queryClient.setQueryData(dataInputKeys.layouts(simId), response.layouts),
  });
}

/** The layout template (kind=layout), saved as the template's file name. */
export async function downloadLayoutTemplate(): Promise<void> {
  await downloadRouteFile(
    simExcelApi.downloadTemplate,
    { query: { kind: 'layout' } },
    LAYOUT_TEMPLATE.templateFileName,
  );
}

/** The case numbers to pick from. */
export function useCaseIds(enabled: boolean) {
  return useQuery({
    queryKey: dataInputKeys.caseIds(),
    queryFn: ({ signal }) => apiRequest(casesApi.ids, {}, { signal }),
    select: (data) => data.ids,
    enabled,
  });
}

export function useLoadCase() {
  return useMutation({
    mutationFn: (caseNumber: string) => apiRequest(casesApi.details, { query: { caseNumber } }),
  });
}

/** The wizard step kept on the sim. */
export function saveActiveStep(simId: string, activeStep: number) {
  return apiRequest(simsApi.activeStep, { body: { sim_id: simId, activeStep } });
}
