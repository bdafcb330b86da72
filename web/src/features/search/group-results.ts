/**
 * Search results grouped by portal section, rank kept inside a group. Groups follow the rank of their
 * best hit (the server ranks what the query names first: "news" puts the News section on top), and
 * results of no known section come last.
 */
import { sectionOf, type ContentSection } from '@/config/content-paths';
import type { SearchHit } from './types';

/** What grouping reads of a hit. */
type Groupable = Pick<SearchHit, 'id' | 'contentType'>;

export interface SearchGroup<T extends Groupable = SearchHit> {
  section: ContentSection | 'other';
  entries: T[];
}

export function groupResults<T extends Groupable>(entries: readonly T[]): SearchGroup<T>[] {
  const groups = new Map<ContentSection | 'other', T[]>();
  for (const entry of entries) {
    const section = sectionOf(entry.contentType) ?? 'other';
    const group = groups.get(section) ?? [];
    group.push(entry);
    groups.set(section, group);
  }
  const ranked: (ContentSection | 'other')[] = [...groups.keys()].filter((section) => section !== 'other');
  if (groups.has('other')) ranked.push('other');
  return ranked.map((section) => ({ section, entries: groups.get(section) ?? [] }));
}
