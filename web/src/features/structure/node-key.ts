import type { ConfigNode } from '@/lib/portal-types';

/**
 * A node's React key. Its own module: the header's and footer's links (links.ts) are start-up code, the
 * rest of node-types.ts is the structure pages' (issue 52).
 */
export function nodeKey(node: ConfigNode, index: number): string {
  return `${node.id ?? node.name}-${index}`;
}
