/**
 * A list of texts kept as the JSON list the storefront reads (commerce §3: a plan's DISPLAY_SERVICE_BULLETS_TEXT per
 * language, its ment_category), edited as a list (components/list-editor.tsx; issue 73 item 5) instead of JSON typed
 * by hand.
 */

/**
 * The items of a stored value: '' is none, a JSON list of texts its texts; anything else (a value written by hand
 * that is not such a list) is kept as one item, so opening the editor loses nothing and saving writes a list.
 */
export function listFromText(text: string): string[] {
  if (text.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
  } catch {
    // not JSON: one item
  }
  return [text];
}

/** The items as the stored JSON list, blank ones left out; '' when none is left (the key is then not written). */
export function textFromList(items: readonly string[]): string {
  const kept = items.map((item) => item.trim()).filter((item) => item !== '');
  return kept.length === 0 ? '' : JSON.stringify(kept);
}

/** The items with the one at `from` moved to `to` (both in range; else the items as they were). */
export function movedItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
