/**
 * The storefront's side of the console's preview (structure-preview.ts): listens to the framing console and hands its
 * answers to the structure's query. Loaded only in the preview frame (api/get-structure.ts).
 */
import type { ConfigNode } from '@/lib/portal-types';
import { PREVIEW_NODE, PREVIEW_READY } from '@/lib/structure-preview-protocol';
import type { PreviewMessage } from './structure-preview';

/** Whether a message event is the framing console's answer for `name` (same origin, from the parent). */
export function previewNodeOf(event: MessageEvent, name: string, win: Window = window): ConfigNode | null {
  if (event.origin !== win.location.origin || event.source !== win.parent) return null;
  const message = event.data as Partial<PreviewMessage> | null;
  if (message?.type !== PREVIEW_NODE || message.name !== name) return null;
  const node = message.node;
  return node && typeof node === 'object' && typeof node.name === 'string' && typeof node.data === 'object' ? node : null;
}

let latest: { name: string; node: ConfigNode } | null = null;
const waiting = new Set<(node: ConfigNode) => void>();
const listeners = new Set<(node: ConfigNode) => void>();
let listening = false;

/** Starts listening to the console (once) and tells it the page is ready for the answer. */
function listen(name: string): void {
  if (listening) return;
  listening = true;
  window.addEventListener('message', (event) => {
    const node = previewNodeOf(event, name);
    if (!node) return;
    latest = { name, node };
    for (const resolve of waiting) resolve(node);
    waiting.clear();
    for (const listener of listeners) listener(node);
  });
  window.parent.postMessage({ type: PREVIEW_READY, name }, window.location.origin);
}

/** The console's first answer for `name` (the query's fetch while previewing). */
export function waitForPreview(name: string): Promise<ConfigNode> {
  listen(name);
  if (latest?.name === name) return Promise.resolve(latest.node);
  return new Promise((resolve) => waiting.add(resolve));
}

/** Calls `listener` with every later answer (the console previews again after an edit); returns the unsubscribe. */
export function onPreview(name: string, listener: (node: ConfigNode) => void): () => void {
  listen(name);
  listeners.add(listener);
  return () => listeners.delete(listener);
}
