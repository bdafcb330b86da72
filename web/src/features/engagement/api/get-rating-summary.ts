/**
 * GET {backend}/rating/article/{id}: an article's average (one decimal) and count. Kept apart from the
 * catalog's article answer, which is serialised per language at import (docs/decisions.md "Ratings").
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { RatingSummary } from '../types';
import { ratingQueryKey } from './get-user-rating';

export async function getRatingSummary(id: number): Promise<RatingSummary> {
  const response = await getApiClient().get<{ data: RatingSummary }>(`/rating/article/${id}`);
  return response.data;
}

export const ratingSummaryQueryKey = (id: number) => [...ratingQueryKey(id), 'summary'] as const;

export const getRatingSummaryQueryOptions = (id: number) =>
  queryOptions({ queryKey: ratingSummaryQueryKey(id), queryFn: () => getRatingSummary(id), staleTime: 60_000 });

export function useRatingSummary(id: number) {
  return useQuery(getRatingSummaryQueryOptions(id));
}
