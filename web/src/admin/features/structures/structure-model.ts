/** The node types the console names (structures.types in admin.json), and the text of an error's data member. */
import type { ReactNode } from 'react';
import type { LanguageCode } from '@/config/languages';
import { formatDate } from '@/lib/formatters';
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { PreviewNode } from './structures-api';
import type { JsonObject, TreeNode } from './structures-tree';

const TYPE_KEYS = ['page', 'banner', 'slide', 'rail', 'grid', 'card', 'catalog', 'stories', 'story', 'story-page', 'links', 'link'] as const;

/** A text member of an error's data, else ''. */
export const fieldText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A node where the server refused the tree: its index among the top-level nodes, and the message. */
export interface NodeProblem {
  index: number;
  text: string;
}

/** A node type's name in the console's language ("none" for a type the console does not know). */
export function useTypeName() {
  const { t } = useAdminI18n();
  return (type: string) => ((TYPE_KEYS as readonly string[]).includes(type) ? t(`structures.types.${type}` as AdminKey) : t('structures.types.none'));
}

/** A node of the preview's answer read as a tree node (its texts already in one language). */
export function previewTree(node: PreviewNode): TreeNode {
  return {
    ...(node.id !== undefined ? { id: node.id } : {}),
    name: node.name,
    data: { title: node.data.title, subTitle: node.data.subTitle, imageUrl: node.data.imageUrl, clickUrl: node.data.clickUrl, customProperties: node.data.customProperties as JsonObject },
    substructure: node.substructure.map(previewTree),
  };
}

/** What a sortable list hands an item's view: its drag handle and its ↑ ↓ buttons (components/sortable-list.tsx). */
export interface ItemControls {
  handle: ReactNode;
  moveButtons: ReactNode;
}

/** A stored UTC time ("2026-12-01T08:00:00Z") for the reader, in UTC as the schedules are kept. */
export function formatUtc(at: string, lang: LanguageCode): string {
  return formatDate(at, lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
}
