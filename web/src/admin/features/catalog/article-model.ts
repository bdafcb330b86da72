/**
 * The console's working copy of an article: the object of a catalog file (docs/catalog-format.md), which the
 * document types as any object, edited one key at a time (an empty value drops the key), and the helpers that
 * show its values in the editor's fields.
 */
import type { LanguageCode } from '@/config/languages';
import type { ArticleObject } from './catalog-api';

export type Texts = Partial<Record<LanguageCode, string>>;

export const NEW_ARTICLE: ArticleObject = { contentType: 'full_track_music', title: { en: '' }, rating: 0, published: false };

export const texts = (doc: ArticleObject, key: string): Texts => (typeof doc[key] === 'object' && doc[key] !== null ? (doc[key]) : {});
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const ids = (v: unknown): string => (Array.isArray(v) ? v.join(', ') : '');
/** "2024-05-01T10:00:00Z" -> the value of a datetime-local input (UTC shown as it is). */
export const toLocalInput = (iso: unknown): string => (typeof iso === 'string' && iso.length >= 16 ? iso.slice(0, 16) : typeof iso === 'string' && iso.length === 10 ? `${iso}T00:00` : '');
export const fromLocalInput = (value: string): string | undefined => (value ? `${value}:00Z` : undefined);

/** The article object with one key set, or removed when the value is empty. */
export function withValue(doc: ArticleObject, key: string, value: unknown): ArticleObject {
  const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  return Object.fromEntries([...Object.entries(doc).filter(([k]) => k !== key), ...(empty ? [] : [[key, value] as const])]);
}

/** The object with one key set to `value`, or without it when `value` is empty. */
export function withEntry<T>(map: Record<string, T>, key: string, value: T | ''): Record<string, T> {
  return Object.fromEntries([...Object.entries(map).filter(([k]) => k !== key), ...(value === '' ? [] : [[key, value] as const])]);
}

/** An article's artists (artistIds: article ids; a catalog file may write one as text). */
export function artistIdsOf(doc: ArticleObject): (string | number)[] {
  const ids: unknown = doc.artistIds;
  return Array.isArray(ids) ? ids.filter((id): id is string | number => typeof id === 'number' || typeof id === 'string') : [];
}

/** The article with one more artist at the end (none twice), or without one. */
export function withArtist(doc: ArticleObject, id: number): ArticleObject {
  const ids = artistIdsOf(doc);
  return ids.some((known) => String(known) === String(id)) ? doc : withValue(doc, 'artistIds', [...ids, id]);
}
export function withoutArtist(doc: ArticleObject, id: string | number): ArticleObject {
  return withValue(doc, 'artistIds', artistIdsOf(doc).filter((known) => String(known) !== String(id)));
}

/** Each artist id with its name: as the server named it (the article's `artists`), as it was picked, else none. */
export function namedArtists(ids: readonly (string | number)[], names: ReadonlyMap<string, string>): { id: string | number; name: string | null }[] {
  return ids.map((id) => {
    const name = names.get(String(id)) ?? '';
    return { id, name: name === '' ? null : name };
  });
}

export function parseIds(text: string, numeric: boolean): (string | number)[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (numeric && /^\d+$/.test(s) ? Number(s) : s));
}
