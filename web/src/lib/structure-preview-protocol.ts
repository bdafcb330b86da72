/**
 * The messages between the console's structure preview and the storefront it frames (issue 73): the console
 * frames the storefront at `?structurePreview=<name>`; the framed page posts PREVIEW_READY when it listens,
 * and the console posts PREVIEW_NODE with the structure call's answer for the draft (features/structure/
 * structure-preview.ts draws it). Both sides post to and accept from their own origin only.
 */
export const PREVIEW_PARAM = 'structurePreview';
export const PREVIEW_READY = 'portal:structure-preview-ready';
export const PREVIEW_NODE = 'portal:structure-preview';

/** Whether this page is the console's preview frame: framed, with ?structurePreview=. It asks no consent then. */
export function inStructurePreview(): boolean {
  return typeof window !== 'undefined' && window.parent !== window && new URLSearchParams(window.location.search).has(PREVIEW_PARAM);
}
