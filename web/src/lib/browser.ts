/**
 * Full-page navigation, behind one object so tests can observe it (jsdom cannot navigate).
 * Leaving the single-page app: the hosted sign-in pages, logout URLs, partner sign-in.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
  /** Changes the address bar without a navigation (used to drop consumed query parameters). */
  replaceUrl(url: string): void {
    window.history.replaceState(window.history.state, '', url);
  },
};

/** A promise that never settles: a loader returns it while the browser leaves the page. */
export function leavingPage(): Promise<never> {
  return new Promise<never>(() => undefined);
}
