import { simsApi } from '@sim/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The query keys of the sims, shared by the sim list and the builder (which refreshes the lists after a
 * save), and the products every sim screen offers.
 */
export const simKeys = {
  all: ['sims'] as const,
  lists: () => [...simKeys.all, 'list'] as const,
  list: (params: object) => [...simKeys.lists(), params] as const,
  deleted: (params: object) => [...simKeys.lists(), 'deleted', params] as const,
  products: () => ['products'] as const,
};

export function getProducts(signal?: AbortSignal) {
  return apiRequest(simsApi.products, {}, { signal });
}

export function useProducts() {
  return useQuery({
    queryKey: simKeys.products(),
    queryFn: ({ signal }) => getProducts(signal),
    select: (data) => data.products,
    staleTime: 5 * 60_000,
  });
}
