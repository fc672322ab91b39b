import type { TProduct, TSimListResponse, TSimSortKey } from '@sim/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SortOrder } from '../../../lib/list-state';

export interface SimListParams {
  skip: number;
  limit: number;
  title: string;
  /** a product id, or 'All' */
  product: string;
  sortBy: TSimSortKey;
  order: SortOrder;
}

export interface DeletedSimsParams {
  skip: number;
  limit: number;
  title: string;
}

export const simKeys = {
  all: ['sims'] as const,
  lists: () => [...simKeys.all, 'list'] as const,
  list: (params: SimListParams) => [...simKeys.lists(), params] as const,
  deleted: (params: DeletedSimsParams) => [...simKeys.lists(), 'deleted', params] as const,
  products: () => ['products'] as const,
};

/** GET /api/v1/sims/listing?skip&limit&product&title&sortBy&order */
export function getSims(params: SimListParams, signal?: AbortSignal) {
  return apiRequest<TSimListResponse>('/api/v1/sims/listing', { query: { ...params }, signal });
}

/** GET /api/v1/sims/deleted-sims?skip&limit&title (last deleted first) */
export function getDeletedSims(params: DeletedSimsParams, signal?: AbortSignal) {
  return apiRequest<TSimListResponse>('/api/v1/sims/deleted-sims', { query: { ...params }, signal });
}

export function simsQueryOptions(params: SimListParams) {
  return queryOptions({
    queryKey: simKeys.list(params),
    queryFn: ({ signal }) => getSims(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function deletedSimsQueryOptions(params: DeletedSimsParams) {
  return queryOptions({
    queryKey: simKeys.deleted(params),
    queryFn: ({ signal }) => getDeletedSims(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The active list or the trash, by `trash`; both answer { sims, total }. */
export function useSimList(trash: boolean, params: SimListParams) {
  const active = useQuery({ ...simsQueryOptions(params), enabled: !trash });
  const deleted = useQuery({
    ...deletedSimsQueryOptions({ skip: params.skip, limit: params.limit, title: params.title }),
    enabled: trash,
  });
  return trash ? deleted : active;
}

/** GET /api/v1/product */
export function getProducts(signal?: AbortSignal) {
  return apiRequest<{ success: true; products: TProduct[] }>('/api/v1/product', { signal });
}

export function useProducts() {
  return useQuery({
    queryKey: simKeys.products(),
    queryFn: ({ signal }) => getProducts(signal),
    select: (data) => data.products,
    staleTime: 5 * 60_000,
  });
}
