/**
 * Loads the commerce runtime (commerce-runtime.tsx: hosts, dialogs, mini player) on first use
 * (issue 14), so the first paint of a page carries none of it. It loads when
 * - a dialog opens (the dialog manager's store), e.g. the header's Sign in button;
 * - someone is signed in (subscription sync, the credit-expiration popup, the guest cart's merge);
 * - the address carries purchase-return parameters (back from a checkout, operator or sign-in);
 * - a page that buys, plays or subscribes loads (page-modules.ts waits for it with the page);
 * - a preview or queue button asks for the mini player (catalog/preview-player.ts);
 * - a control of a page that shows without it is pressed (`withCommerce`: a guest's track or video
 *   page, issue 52), or the pointer reaches one (`loadCommerceInBackground`).
 * commerce-slots.tsx watches for these and renders it. Once loaded it stays; a chunk that fails to
 * load reloads the page (lib/lazy-part.ts).
 */
import { useSyncExternalStore } from 'react';
import { loadPart } from '@/lib/lazy-part';
import type * as Flows from './commerce-flows';
import type * as Runtime from './commerce-runtime';

type RuntimeModule = typeof Runtime;
type FlowsModule = typeof Flows;

let runtime: RuntimeModule | null = null;
let loading: Promise<RuntimeModule> | null = null;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Starts (or joins) the runtime's download; a failed download may be tried again. */
export function loadCommerce(): Promise<RuntimeModule> {
  loading ??= loadPart(() => import('./commerce-runtime')).then(
    (module) => {
      runtime = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the runtime has loaded (tests: a guest's first page must not load it). */
export function isCommerceLoaded(): boolean {
  return runtime !== null;
}

/** The runtime module once loaded, else null. */
export function useCommerceRuntime(): RuntimeModule | null {
  return useSyncExternalStore(subscribe, () => runtime, () => null);
}

/** Called by the runtime's last effect: its hosts have configured the flows (commerce-runtime.tsx). */
export function commerceMounted(): void {
  markMounted();
}

/** Starts the runtime's download without waiting for it: ahead of a press (pointer over or focus on a control that needs it), or for a reason commerce-slots.tsx watches. */
export function loadCommerceInBackground(): void {
  loadCommerce().catch((error: unknown) => console.error('The commerce runtime could not be loaded', error));
}

/**
 * Runs `use` with the flows once the runtime is loaded and mounted, so that a flow started by a press
 * runs with its hosts configured, as on a page that loads with the runtime.
 */
export function withCommerce(use: (flows: FlowsModule) => unknown): void {
  Promise.all([loadPart(() => import('./commerce-flows')), loadCommerce(), mounted]).then(
    ([flows]) => void use(flows),
    (error: unknown) => console.error('The commerce runtime could not be loaded', error),
  );
}
