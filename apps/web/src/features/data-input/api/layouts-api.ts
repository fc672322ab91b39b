import {
  CASE_SERVICE,
  LAYOUT_TEMPLATE,
  type TCaseDetailsResponse,
  type TCaseIdsResponse,
  type TGetKeywordsResponse,
  type TLayout,
  type TLayoutFetchResponse,
  type TLayoutType,
  type TSaveLayoutsResponse,
  type TUploadKeywordResponse,
} from '@sim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadApiFile } from '../../../lib/download';

export const dataInputKeys = {
  all: ['data-input'] as const,
  layouts: (simId: string) => [...dataInputKeys.all, 'layouts', simId] as const,
  caseIds: () => [...dataInputKeys.all, 'case-ids'] as const,
};

/**
 * GET /api/v1/sims/get-keywords?sim_id, falling back to GET /api/v1/layoutData/fetch?sim_id when its
 * layoutString is empty (authoring.md section 7).
 */
export async function getLayouts(simId: string, signal?: AbortSignal): Promise<TLayout[]> {
  const keywords = await apiRequest<TGetKeywordsResponse>('/api/v1/sims/get-keywords', {
    query: { sim_id: simId },
    signal,
  });
  if (keywords.layoutString !== '') return keywords.layouts;
  const fetched = await apiRequest<TLayoutFetchResponse>('/api/v1/layoutData/fetch', {
    query: { sim_id: simId },
    signal,
  });
  return fetched.layouts;
}

export function useLayouts(simId: string) {
  return useQuery({
    queryKey: dataInputKeys.layouts(simId),
    queryFn: ({ signal }) => getLayouts(simId, signal),
  });
}

/** POST /api/v1/sims/upload-keyword/:id, multipart fields sim_id, type and file 'file'. */
export function useUploadLayout(simId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, file }: { type: TLayoutType; file: File }) => {
      const form = new FormData();
      form.append('sim_id', simId);
      form.append('type', type);
      form.append('file', file);
      return apiRequest<TUploadKeywordResponse>(`/api/v1/sims/upload-keyword/${encodeURIComponent(simId)}`, {
        method: 'POST',
        form,
      });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dataInputKeys.layouts(simId) }),
  });
}

/** POST /api/v1/layoutData/save {sim_id, layouts} */
export function useSaveLayouts(simId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (layouts: TLayout[]) =>
      apiRequest<TSaveLayoutsResponse>('/api/v1/layoutData/save', { method: 'POST', body: { sim_id: simId, layouts } }),
    onSuccess: (response) => queryClient.setQueryData(dataInputKeys.layouts(simId), response.layouts),
  });
}

/** GET /api/v1/sims/download-template?kind=layout, saved as the template's file name. */
export async function downloadLayoutTemplate(): Promise<void> {
  await downloadApiFile('/api/v1/sims/download-template', { kind: 'layout' }, LAYOUT_TEMPLATE.templateFileName);
}

/** GET /case-service/api/v1/case/ids: the case numbers to pick from. */
export function useCaseIds(enabled: boolean) {
  return useQuery({
    queryKey: dataInputKeys.caseIds(),
    queryFn: ({ signal }) => apiRequest<TCaseIdsResponse>(CASE_SERVICE.idsPath, { signal }),
    select: (data) => data.ids,
    enabled,
  });
}

/** GET /case-service/api/v1/case-details?caseNumber */
export function useLoadCase() {
  return useMutation({
    mutationFn: (caseNumber: string) =>
      apiRequest<TCaseDetailsResponse>(CASE_SERVICE.detailsPath, { query: { caseNumber } }),
  });
}

/** PATCH /api/v1/sims/active-step {sim_id, activeStep}: the wizard step kept on the sim. */
export function saveActiveStep(simId: string, activeStep: number) {
  return apiRequest<{ success: true; activeStep: number }>('/api/v1/sims/active-step', {
    method: 'PATCH',
    body: { sim_id: simId, activeStep },
  });
}
