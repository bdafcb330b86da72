/**
 * GET {backend}/structure/{name}/fragment/{id} with its query (spec 1 §7, commerce §7): one node of a
 * structure, or one of the named fragments (fragments_get-articles, fragments_tournament-…), whose
 * answer is `{data: …}`. The features' fragment calls go through it.
 */
import { getApiClient } from './api-client';
import type { ConfigNode } from './portal-types';

export type FragmentQuery = Record<string, string | number | boolean | undefined>;

export async function getStructureFragment<T = ConfigNode>(name: string, id: string | number, query: FragmentQuery = {}): Promise<T> {
  const path = `/structure/${encodeURIComponent(name)}/fragment/${encodeURIComponent(String(id))}`;
  const response = await getApiClient().get<{ data: T }>(path, { query });
  return response.data;
}
