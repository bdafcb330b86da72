/**
 * Spec 1 §2: the custom properties of configured nodes may hold placeholders, filled from the page's
 * query (`{{query.X}}`) and the user (`{{user.uuid}}`) like click URLs. Every node of a structure
 * gets its `data.customProperties` filled; a structure without any placeholder comes back as it is.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { fillPlaceholdersDeep, type PlaceholderContext } from '@/lib/placeholders';
import type { ConfigNode } from '@/lib/portal-types';
import { usePortalStore } from '@/lib/store';

function hasPlaceholder(node: ConfigNode): boolean {
  const props = node.data.customProperties;
  if (props && JSON.stringify(props).includes('{{')) return true;
  return node.substructure?.some(hasPlaceholder) ?? false;
}

function fillNode(node: ConfigNode, context: PlaceholderContext): ConfigNode {
  const props = node.data.customProperties;
  return {
    ...node,
    data: props ? { ...node.data, customProperties: fillPlaceholdersDeep(props, context) } : node.data,
    ...(node.substructure ? { substructure: node.substructure.map((child) => fillNode(child, context)) } : {}),
  };
}

export function fillStructurePlaceholders(node: ConfigNode, context: PlaceholderContext): ConfigNode {
  return hasPlaceholder(node) ? fillNode(node, context) : node;
}

/** A `select` for structure queries: their custom properties filled for this page and user. */
export function useStructurePlaceholders(): (node: ConfigNode) => ConfigNode {
  const [query] = useSearchParams();
  const userUuid = usePortalStore((state) => state.userUuid);
  const search = query.toString();
  return useCallback((node: ConfigNode) => fillStructurePlaceholders(node, { query: new URLSearchParams(search), userUuid }), [search, userUuid]);
}
