/**
 * Build refresh (spec §4): the app polls the build descriptor; when its id differs from this
 * build's, the next navigation is a full page load (guarded against loops in session storage).
 */
import { BUILD_CHECK_INTERVAL_MS, BUILD_ID, FIRST_BUILD_CHECK_DELAY_MS } from '@/config/env';
import { reloadTo } from '@/lib/reload';
import { getLatestBuild } from './api/get-latest-build';

let newBuildAvailable = false;

export function isNewBuildAvailable(): boolean {
  return newBuildAvailable;
}

export async function checkForNewBuild(currentId = BUILD_ID): Promise<boolean> {
  try {
    const latest = await getLatestBuild();
    if (typeof latest.id === 'string' && latest.id !== '' && latest.id !== currentId) newBuildAvailable = true;
  } catch {
    // Spec §7: a failed build check is ignored.
  }
  return newBuildAvailable;
}

/** Called by the navigation middleware: true when it started a full page load to `target`. */
export function reloadIfNewBuild(target: string): boolean {
  return newBuildAvailable && reloadTo(target);
}

function isSlowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return connection?.effectiveType === 'slow-2g';
}

/** Starts polling; returns the stop function. */
export function startBuildPolling(): () => void {
  const timers: number[] = [];
  if (!isSlowConnection()) timers.push(window.setTimeout(() => void checkForNewBuild(), FIRST_BUILD_CHECK_DELAY_MS));
  const interval = window.setInterval(() => void checkForNewBuild(), BUILD_CHECK_INTERVAL_MS);
  return () => {
    timers.forEach((timer) => window.clearTimeout(timer));
    window.clearInterval(interval);
  };
}
