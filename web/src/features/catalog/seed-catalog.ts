/**
 * First paint from the page payload (docs/contracts.md): details routes carry `page.data.article`,
 * which goes into the article query's cache; list routes carry `page.data.list`, which a list page
 * reads for its path (lib/page-payload.ts) as the first page of its list.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import type { PageData } from '@/lib/page-payload';
import { articleQueryKey } from './api/get-article';
import type { ArticlesQuery } from './api/get-articles';
import { isArticle, isArticlePage, type ArticlePage } from './types';

export function seedCatalog(queryClient: QueryClient, lang: LanguageCode, data: PageData | null | undefined): boolean {
  const article = data?.article;
  if (!isArticle(article)) return false;
  queryClient.setQueryData(articleQueryKey(article.id, lang), article);
  return true;
}

const LIST_KEYS = ['section', 'contentType', 'category', 'sort'] as const;
/** The server writes "" where the client leaves a filter out. */
const unset = (value: string | undefined) => (value === '' ? undefined : value);

/**
 * The payload's first page of a list, when the server answered the same list the page asks for
 * (`list.query`: section, contentType, category, sort); otherwise null, and the page fetches.
 */
export function payloadList(data: PageData | null | undefined, query: ArticlesQuery): ArticlePage | null {
  const list = data?.list;
  if (!isArticlePage(list)) return null;
  const answered = (list as { query?: Partial<Record<(typeof LIST_KEYS)[number], string>> }).query;
  if (!answered || LIST_KEYS.some((key) => unset(answered[key]) !== unset(query[key]))) return null;
  if (Object.keys(query).some((key) => !(LIST_KEYS as readonly string[]).includes(key) && (query as Record<string, string | undefined>)[key])) return null;
  return { entries: list.entries, offset: list.offset, limit: list.limit, total: list.total };
}
