/**
 * Full page loads with a guard against loops (spec §4): before reloading to a path, the path and
 * an expiry (10 s) are kept in session storage; a second reload to the same path inside that
 * window is refused.
 */
import { RELOAD_GUARD_LIFETIME_MS } from '@/config/env';

const GUARD_KEY = 'portal:reload-guard';

interface ReloadGuard {
  path: string;
  expiry: number;
}

function readGuard(): ReloadGuard | null {
  try {
    const raw = sessionStorage.getItem(GUARD_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ReloadGuard>;
    return typeof parsed.path === 'string' && typeof parsed.expiry === 'number' ? { path: parsed.path, expiry: parsed.expiry } : null;
  } catch {
    return null;
  }
}

export function isReloadGuarded(path: string, now = Date.now()): boolean {
  const guard = readGuard();
  return guard !== null && guard.path === path && guard.expiry > now;
}

/** Loads `path` from the server. Returns false (and does nothing) when the guard refuses. */
export function reloadTo(path: string, lifetimeMs = RELOAD_GUARD_LIFETIME_MS): boolean {
  if (isReloadGuarded(path)) return false;
  try {
    sessionStorage.setItem(GUARD_KEY, JSON.stringify({ path, expiry: Date.now() + lifetimeMs }));
  } catch {
    // Storage can be unavailable (private mode); reloading is still right.
  }
  window.location.assign(path);
  return true;
}

/** The back helper (spec §2): home when history holds two entries or fewer, else one step back. */
export function goBack(navigate: (to: string | number) => void, homePath: string, historyLength = window.history.length): void {
  if (historyLength <= 2) navigate(homePath);
  else navigate(-1);
}
