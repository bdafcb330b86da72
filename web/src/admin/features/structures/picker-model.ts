/**
 * An article found by the picker (the storefront's search, or an id typed in) made into what a card or a link
 * takes: its titles in every language (the console's article), its artists, cover and page.
 */
import type { ApiClient } from '@/lib/api-client';
import { LANGUAGES, type LanguageCode } from '@/config/languages';
import type { ArticleSearchMessages, FoundArticle } from '@/admin/lib/found-article';
import type { PickedArticle } from './node-content';
import { pickerCalls, type SearchHit, type StoreArticle } from './structures-api';

/** What the structures' pickers find (components/article-search.tsx): the storefront's article, as a guest finds it. */
export interface StoreHit extends FoundArticle {
  found: SearchHit | StoreArticle;
}

export const STORE_SEARCH_MESSAGES: ArticleSearchMessages = { search: 'structures.search', hint: 'structures.searchHint', none: 'structures.noArticles', results: 'structures.results' };

/** An id typed in the search box ("2102", "#2102"), else null. */
export function typedId(term: string): number | null {
  const match = /^#?(\d{1,12})$/.exec(term.trim());
  return match ? Number(match[1]) : null;
}

/**
 * The articles a term finds as the storefront finds them (its search over every language), with their covers and
 * artists; an id typed in is read directly (a guest's view of it) before the search.
 */
export async function findInStore(api: ApiClient, term: string, lang: string): Promise<StoreHit[]> {
  const hit = (found: SearchHit | StoreArticle): StoreHit => ({
    id: found.id,
    title: found.title,
    contentType: found.contentType,
    imageUrl: found.imageUrl ?? null,
    artists: found.artists.map((a) => a.title).join(', '),
    found,
  });
  const id = typedId(term);
  if (id !== null) {
    const article = await pickerCalls.article(api, id, lang).catch(() => null);
    if (article) return [hit(article)];
  }
  return (await pickerCalls.search(api, term, lang)).map(hit);
}

/** The titles of a catalog file's article ({en, ar, …} or a text), else the one title the search gave. */
export function titlesOf(article: Record<string, unknown> | undefined, fallback: string): Partial<Record<LanguageCode, string>> {
  const title = article?.title;
  if (typeof title === 'string' && title !== '') return { en: title };
  const out: Partial<Record<LanguageCode, string>> = {};
  if (title && typeof title === 'object') {
    const map = title as Record<string, unknown>;
    for (const { code } of LANGUAGES) {
      const text = map[code];
      if (typeof text === 'string' && text !== '') out[code] = text;
    }
  }
  out.en ??= fallback;
  return out;
}

/** A search hit (or an article read by its id) as a card takes it. */
export async function pickArticle(api: ApiClient, hit: SearchHit | StoreArticle): Promise<PickedArticle> {
  const full = await pickerCalls.consoleArticle(api, hit.id).catch(() => null);
  return {
    id: hit.id,
    titles: titlesOf(full?.article, hit.title),
    artist: hit.artists.map((artist) => artist.title).join(', '),
    imageUrl: hit.imageUrl ?? '',
    href: hit.href,
    contentType: hit.contentType,
    rating: hit.rating,
  };
}
