/** The node types the console names (structures.types in admin.json), and the text of an error's data member. */
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';

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
