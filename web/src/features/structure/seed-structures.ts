/**
 * First paint without requests: the server's payload carries the structures a page needs as
 * `page.data.structures` = {name: ConfigNode} (header and footer on every page, home on the home
 * page; docs/contracts.md). They go straight into the query cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import type { ConfigNode } from '@/lib/portal-types';
import { structureQueryKey } from './api/get-structure';

function isConfigNode(value: unknown): value is ConfigNode {
  return typeof value === 'object' && value !== null && 'data' in value && typeof value.data === 'object';
}

export function seedStructures(queryClient: QueryClient, lang: LanguageCode, pageData: Record<string, unknown> | null | undefined): string[] {
  const structures = pageData?.structures;
  if (typeof structures !== 'object' || structures === null) return [];
  const seeded: string[] = [];
  for (const [name, node] of Object.entries(structures)) {
    if (!isConfigNode(node)) continue;
    queryClient.setQueryData(structureQueryKey(name, lang), node);
    seeded.push(name);
  }
  return seeded;
}
