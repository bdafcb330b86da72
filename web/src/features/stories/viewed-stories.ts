/**
 * Which stories were seen (commerce §3 "Viewed story record"): local storage `viewedStories` holds
 * a JSON object keyed by story id, each `{isWatched, index}`: `index` is the last page shown (a
 * story reopens there until it is watched), `isWatched` turns true once its last page was shown
 * and stays true. Unreadable or malformed entries count as unseen.
 */
import { useSyncExternalStore } from 'react';

export const VIEWED_STORIES_KEY = 'viewedStories';

export interface ViewedStory {
  isWatched: boolean;
  index: number;
}

export type ViewedStories = Record<string, ViewedStory>;

function isViewedStory(value: unknown): value is ViewedStory {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.isWatched === 'boolean' && typeof record.index === 'number' && Number.isInteger(record.index) && record.index >= 0;
}

export function readViewedStories(storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage): ViewedStories {
  try {
    const parsed = JSON.parse(storage?.getItem(VIEWED_STORIES_KEY) ?? '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).filter((entry): entry is [string, ViewedStory] => isViewedStory(entry[1])));
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();
let snapshot: ViewedStories | null = null;

/** Records that page `index` of a story with `pageCount` pages was shown. */
export function markStoryPage(id: string, index: number, pageCount: number, storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage): ViewedStories {
  const all = readViewedStories(storage);
  const before = all[id];
  const isWatched = before?.isWatched === true || index >= pageCount - 1;
  all[id] = { isWatched, index };
  try {
    storage?.setItem(VIEWED_STORIES_KEY, JSON.stringify(all));
  } catch {
    // Storage full or refused: the story shows unseen next time, nothing else breaks.
  }
  snapshot = all;
  listeners.forEach((listener) => listener());
  return all;
}

/** Where a story opens: page 0 once watched (or never seen), else the page it was left on. */
export function startPage(record: ViewedStory | undefined, pageCount: number): number {
  if (!record || record.isWatched || pageCount === 0) return 0;
  return Math.min(record.index, pageCount - 1);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useViewedStories(): ViewedStories {
  return useSyncExternalStore(
    subscribe,
    () => (snapshot ??= readViewedStories()),
    () => ({}),
  );
}
