/**
 * Loads the commerce runtime (commerce-runtime.tsx: hosts, dialogs, mini player) on first use
 * (issue 14), so the first paint of a page carries none of it. It loads when
 * - a dialog opens (the dialog manager's store), e.g. the header's Sign in button;
 * - someone is signed in (subscription sync, the credit-expiration popup, the guest cart's merge);
 * - the address carries purchase-return parameters (back from a checkout, operator or sign-in);
 * - a page that buys, plays or subscribes loads (page-modules.ts waits for it with the page);
 * - a preview or queue button asks for the mini player (catalog/preview-player.ts).
 * commerce-slots.tsx watches for these and renders it. Once loaded it stays; a chunk that fails to
 * load reloads the page (lib/lazy-part.ts).
 */
import { useSyncExternalStore } from 'react';
import { loadPart } from '@/lib/lazy-part';
import type * as Runtime from './commerce-runtime';

type RuntimeModule = typeof Runtime;

let runtime: RuntimeModule | null = null;
let loading: Promise<RuntimeModule> | null = null;
const listeners = new Set<() => void>();

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
