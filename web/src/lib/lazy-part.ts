/**
 * Parts of a page whose code loads on first use (issue 14): menus, dialogs, the commerce runtime.
 * A chunk that fails to load (a new build replaced it) reloads the page to the same address, as a
 * lazy page does (spec §8); when the reload guard refuses, the error stands.
 */
import { lazy, useCallback, useState, useSyncExternalStore, type ComponentType } from 'react';
import { reloadTo } from './reload';

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** `load()`, reloading the page when the chunk cannot be fetched. */
export async function loadPart<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (reloadTo(currentPath())) return new Promise<never>(() => undefined);
    throw error;
  }
}

/** React.lazy for a named export of a part. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await loadPart(load) }));
}

interface Deferred<T> {
  module: T | null;
  promise: Promise<T> | null;
  listeners: Set<() => void>;
}

const deferred = new Map<() => Promise<unknown>, Deferred<unknown>>();

function entryOf<T>(load: () => Promise<T>): Deferred<T> {
  let entry = deferred.get(load) as Deferred<T> | undefined;
  if (!entry) {
    entry = { module: null, promise: null, listeners: new Set() };
    deferred.set(load, entry);
  }
  return entry;
}

function start<T>(load: () => Promise<T>): Promise<T> {
  const entry = entryOf(load);
  entry.promise ??= loadPart(load).then(
    (module) => {
      entry.module = module;
      entry.listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      entry.promise = null;
      throw error;
    },
  );
  return entry.promise;
}

/**
 * Starts a part's download ahead of its first user, as `useDeferredPart`'s `prefetch` does (a page's loader:
 * the part is there when the page first renders). `load` as for `useDeferredPart`.
 */
export function preloadPart<T>(load: () => Promise<T>): Promise<T> {
  return start(load);
}

export interface DeferredPart<T> {
  /** The loaded module, or null until it is. */
  module: T | null;
  /** True once the user asked for it (pressed the stand-in): open it as soon as it is there. */
  requested: boolean;
  /** Starts the download (pointer over or focus on the stand-in). */
  prefetch: () => void;
  /** Starts the download and remembers that the user asked for the part. */
  request: () => void;
}

/**
 * A part behind a stand-in: `load` must be a stable (module-level) function; its module, once
 * loaded, is shared by every user of the same `load`.
 */
export function useDeferredPart<T>(load: () => Promise<T>): DeferredPart<T> {
  const entry = entryOf(load);
  const module = useSyncExternalStore(
    (listener) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    () => entry.module,
    () => null,
  );
  const [requested, setRequested] = useState(false);
  const prefetch = useCallback(() => {
    start(load).catch((error: unknown) => console.error('Could not load a part of the page', error));
  }, [load]);
  const request = useCallback(() => {
    setRequested(true);
    prefetch();
  }, [prefetch]);
  return { module, requested, prefetch, request };
}
