/**
 * Ends the current task so the browser can paint and answer input before the next step: start-up
 * is several steps, none of them a long task on a slow phone (issue 14, Total Blocking Time).
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `callback` in an idle period of the main thread (at the latest after `timeoutMs`): work a
 * page can do without, later (a fallback bundle, a service worker's install), never competes with
 * its start. Without requestIdleCallback (Safari), after a timer. Returns a cancel function.
 */
export function whenIdle(callback: () => void, timeoutMs: number, win: Window = window): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const handle = win.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => win.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, Math.min(timeoutMs, 1000));
  return () => clearTimeout(timer);
}
