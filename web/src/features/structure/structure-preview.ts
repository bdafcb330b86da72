/**
 * The console's preview of a draft (issue 73, docs/merchandising.md "Preview"): the console frames the
 * storefront itself at `?structurePreview=<name>` (a desktop or a 390-pixel phone frame, in a language) and
 * posts it the structure call's answer for the draft (POST /backend/admin/structures/{name}/preview, which
 * only staff may call). The storefront then draws that answer with its own components wherever it draws the
 * structure of that name. Messages are taken from the framing page only, and only from the same origin
 * (structure-preview-listener.ts, which loads only in such a frame: every page's start carries none of it, issue 77
 * item 6).
 */
import type { ConfigNode } from '@/lib/portal-types';
import { PREVIEW_PARAM, type PREVIEW_NODE } from '@/lib/structure-preview-protocol';

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
