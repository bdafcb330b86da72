/**
 * The console's working copy of an article: the object of a catalog file (docs/catalog-format.md), typed by the
 * generated ArticleDocument (server catalog_article_document.hpp): each field of the form is one of its named
 * members with that member's type (an empty value drops the key); members the console does not edit are kept as
 * they came. And the helpers that show its values in the editor's fields.
 */
import type { LanguageCode } from '@/config/languages';
import type { ArticleObject } from './catalog-api';

export type Texts = Partial<Record<LanguageCode, string>>;

/** The article's named members (the document's own fields, without the index signature of those it keeps). */
export type ArticleFields = { [K in keyof ArticleObject as string extends K ? never : number extends K ? never : K]-?: ArticleObject[K] };
export type ArticleField = Extract<keyof ArticleFields, string>;
/** The fields a text or number input edits. */
export type InputField = { [K in ArticleField]: NonNullable<ArticleFields[K]> extends string | number ? K : never }[ArticleField];

export const NEW_ARTICLE: ArticleObject = { contentType: 'full_track_music', title: { en: '' }, rating: 0, published: false };

export const texts = (doc: ArticleObject, key: 'title' | 'description'): Texts => doc[key] ?? {};
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const ids = (v: unknown): string => (Array.isArray(v) ? v.join(', ') : '');
/** "2024-05-01T10:00:00Z" -> the value of a datetime-local input (UTC shown as it is). */
export const toLocalInput = (iso: unknown): string => (typeof iso === 'string' && iso.length >= 16 ? iso.slice(0, 16) : typeof iso === 'string' && iso.length === 10 ? `${iso}T00:00` : '');
export const fromLocalInput = (value: string): string | undefined => (value ? `${value}:00Z` : undefined);

/** The article object with one field set, or removed when the value is empty. */
export function withValue<K extends ArticleField>(doc: ArticleObject, key: K, value: ArticleFields[K] | undefined): ArticleObject {
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  return Object.fromEntries([...Object.entries(doc).filter(([k]) => k !== key), ...(empty ? [] : [[key, value] as const])]);
}

/** The object with one key set to `value`, or without it when `value` is empty. */
export function withEntry<T>(map: Record<string, T>, key: string, value: T | ''): Record<string, T> {
  return Object.fromEntries([...Object.entries(map).filter(([k]) => k !== key), ...(value === '' ? [] : [[key, value] as const])]);
}

/** An article's artists (artistIds: article ids). */
export function artistIdsOf(doc: ArticleObject): number[] {
  return doc.artistIds ?? [];
}

/** The article with one more artist at the end (none twice), or without one. */
export function withArtist(doc: ArticleObject, id: number): ArticleObject {
  const ids = artistIdsOf(doc);
  return ids.includes(id) ? doc : withValue(doc, 'artistIds', [...ids, id]);
}
export function withoutArtist(doc: ArticleObject, id: number): ArticleObject {
  return withValue(doc, 'artistIds', artistIdsOf(doc).filter((known) => known !== id));
}

/** Each artist id with its name: as the server named it (the article's `artists`), as it was picked, else none. */
export function namedArtists<Id extends string | number>(ids: readonly Id[], names: ReadonlyMap<string, string>): { id: Id; name: string | null }[] {
  return ids.map((id) => {
    const name = names.get(String(id)) ?? '';
    return { id, name: name === '' ? null : name };
  });
}

/** Category ids typed as a comma-separated list. */
export function parseIds(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
