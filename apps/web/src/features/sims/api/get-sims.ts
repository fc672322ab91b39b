import { simsApi, type TSimSortKey } from '@sim/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SortOrder } from '../../../lib/list-state';
import { simKeys } from '../../../lib/sim-queries';

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

export function getSims(params: SimListParams, signal?: AbortSignal) {
  return apiRequest(simsApi.list, { query: params }, { signal });
}

/** The trash, last deleted first. */
export function getDeletedSims(params: DeletedSimsParams, signal?: AbortSignal) {
  return apiRequest(simsApi.deleted, { query: params }, { signal });
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
