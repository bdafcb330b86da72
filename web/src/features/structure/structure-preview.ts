/**
 * The console's preview of a draft (issue 73, docs/merchandising.md "Preview"): the console frames the
 * storefront itself at `?structurePreview=<name>` (a desktop or a 390-pixel phone frame, in a language) and
 * posts it the structure call's answer for the draft (POST /backend/admin/structures/{name}/preview, which
 * only staff may call). The storefront then draws that answer with its own components wherever it draws the
 * structure of that name. Messages are taken from the framing page only, and only from the same origin.
 */
import type { ConfigNode } from '@/lib/portal-types';
import { PREVIEW_NODE, PREVIEW_PARAM, PREVIEW_READY } from '@/lib/structure-preview-protocol';

/** What the console posts: the answer for the draft of structure `name`. */
export interface PreviewMessage {
  type: typeof PREVIEW_NODE;
  name: string;
  node: ConfigNode;
}

/** The structure this page previews: set when framed (by the console) with ?structurePreview=<name>. */
export function previewedStructure(win: Window | undefined = typeof window === 'undefined' ? undefined : window): string | null {
  if (!win || win.parent === win) return null;
  const name = new URLSearchParams(win.location.search).get(PREVIEW_PARAM);
  return name && /^[a-z0-9-]{1,128}$/.test(name) ? name : null;
}

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
