/**
 * A visit: the page views of one browser tab less than 30 minutes apart share a random id (kept in
 * sessionStorage, so it ends with the tab), the way analytics counts sessions. The reports count a day's
 * visits by it (docs/reports.md "Consumption"). Made only when a page view is sent, so only with
 * analytics consent; it names no person and is never sent anywhere else.
 */
const KEY = 'portal:visit';
export const VISIT_IDLE_MS = 30 * 60_000;

interface Stored {
  id: string;
  at: number;
}

function read(storage: Storage): Stored | null {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<Stored> | null;
    return value && typeof value.id === 'string' && typeof value.at === 'number' ? { id: value.id, at: value.at } : null;
  } catch {
    return null;
  }
}

/** The visit a page view shown now belongs to: the last one when it was under 30 minutes ago, else a new one. */
export function currentVisit(now: number = Date.now(), storage: Storage | null = sessionStorageOrNull()): string {
  const last = storage ? read(storage) : null;
  const id = last && now - last.at < VISIT_IDLE_MS && now >= last.at ? last.id : crypto.randomUUID();
  try {
    storage?.setItem(KEY, JSON.stringify({ id, at: now }));
  } catch {
    // Storage full or refused: this page view still has its visit.
  }
  return id;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
