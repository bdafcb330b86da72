/** Structure nodes of type `catalog` (docs/contracts.md): the catalog list a node asks for. */
import type { ConfigNode } from '@/lib/portal-types';
import { ARTICLES_PAGE_SIZE, type ArticlesQuery } from './api/get-articles';

const QUERY_KEYS = ['section', 'contentType', 'category', 'sort'] as const;

/** The list a `catalog` node asks for; null when the node is not one. */
export function catalogNodeQuery(node: ConfigNode): ArticlesQuery | null {
  const props = node.data.customProperties;
  if (props?.type !== 'catalog' || typeof props.query !== 'object' || props.query === null) return null;
  const raw = props.query as Record<string, unknown>;
  const query: ArticlesQuery = {};
  for (const key of QUERY_KEYS) if (typeof raw[key] === 'string' && raw[key] !== '') query[key] = raw[key];
  return query;
}

const RAIL_SIZE = 12;

/** How many items a `catalog` node's row shows: its `count` (1 to 24, set in the console), else 12. */
export function railSize(node: ConfigNode): number {
  const count = node.data.customProperties?.count;
  return typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= ARTICLES_PAGE_SIZE ? count : RAIL_SIZE;
}
