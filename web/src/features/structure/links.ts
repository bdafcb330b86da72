import type { ConfigNode } from '@/lib/portal-types';
import { nodeKey } from './node-key';
import { useClickUrl } from './use-click-url';

export interface LinkItem {
  key: string;
  title: string;
  href: string;
}

/** Flattens a links structure into {title, href} items (groups are flattened one level). */
export function collectLinks(structure: ConfigNode | undefined, fill: (url: string | undefined) => string | null): LinkItem[] {
  const items: LinkItem[] = [];
  (structure?.substructure ?? []).forEach((node, index) => {
    const href = fill(node.data.clickUrl);
    if (href && node.data.title) items.push({ key: nodeKey(node, index), title: node.data.title, href });
    else (node.substructure ?? []).forEach((child, childIndex) => {
      const childHref = fill(child.data.clickUrl);
      if (childHref && child.data.title) items.push({ key: `${nodeKey(node, index)}-${nodeKey(child, childIndex)}`, title: child.data.title, href: childHref });
    });
  });
  return items;
}

export function useStructureLinks(structure: ConfigNode | undefined): LinkItem[] {
  const fill = useClickUrl();
  return collectLinks(structure, fill);
}
