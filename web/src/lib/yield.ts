/**
 * Ends the current task so the browser can paint and answer input before the next step: start-up
 * is several steps, none of them a long task on a slow phone (issue 14, Total Blocking Time).
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
