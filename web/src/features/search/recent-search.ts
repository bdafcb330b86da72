/**
 * Recent searches (commerce §5, §9): local storage key `recentSearch`, a list of strings; empty
 * terms are ignored, a duplicate moves to the end, only the 5 newest are kept.
 */
import { useSyncExternalStore } from 'react';
import { RECENT_SEARCH_KEY } from '@/config/env';
import { preferencesAllowed } from '@/lib/preferences-consent';

export { RECENT_SEARCH_KEY } from '@/config/env';
export const RECENT_SEARCH_MAX = 5;

/** The pure rule: the list after searching `term`. */
export function addRecentSearch(list: readonly string[], term: string): string[] {
  const trimmed = term.trim();
  if (trimmed === '') return [...list];
  return [...list.filter((item) => item !== trimmed), trimmed].slice(-RECENT_SEARCH_MAX);
}

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: string[] } = { raw: null, list: [] };

export function readRecentSearches(): string[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(RECENT_SEARCH_KEY);
  } catch {
    return [];
  }
  if (raw === cache.raw) return cache.list;
  let list: string[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(-RECENT_SEARCH_MAX);
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

function write(list: string[]): void {
  try {
    localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: recent searches are a convenience only.
  }
  listeners.forEach((listener) => listener());
}

/** Remembered only while the cookie decision allows preferences. */
export function rememberSearch(term: string): void {
  if (term.trim() === '' || !preferencesAllowed()) return;
  write(addRecentSearch(readRecentSearches(), term));
}

export function clearRecentSearches(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENT_SEARCH_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRecentSearches(): string[] {
  return useSyncExternalStore(subscribe, readRecentSearches, () => []);
}
