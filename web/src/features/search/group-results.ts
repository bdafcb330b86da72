/** Search results grouped by portal section, in the portal's section order, rank kept inside a group. */
import { SECTION_ORDER, sectionOf, type ContentSection } from '@/config/content-paths';
import type { SearchHit } from './types';

export interface SearchGroup<T extends SearchHit = SearchHit> {
  section: ContentSection | 'other';
  entries: T[];
}

export function groupResults<T extends SearchHit>(entries: readonly T[]): SearchGroup<T>[] {
  const groups = new Map<ContentSection | 'other', T[]>();
  for (const entry of entries) {
    const section = sectionOf(entry.contentType) ?? 'other';
    const group = groups.get(section) ?? [];
    group.push(entry);
    groups.set(section, group);
  }
  const order: (ContentSection | 'other')[] = [...SECTION_ORDER, 'other'];
  return order.filter((section) => groups.has(section)).map((section) => ({ section, entries: groups.get(section) ?? [] }));
}
