/**
 * First paint from the page payload (docs/contracts.md): details routes carry `page.data.article`,
 * which goes into the article query's cache; list routes carry `page.data.list`, which a list page
 * reads for its path (lib/page-payload.ts) as the first page of its list.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import type { PageData } from '@/lib/page-payload';
import { articleQueryKey } from './api/get-article';
import { isArticle, isArticlePage, type ArticlePage } from './types';

export function seedCatalog(queryClient: QueryClient, lang: LanguageCode, data: PageData | null | undefined): boolean {
  const article = data?.article;
  if (!isArticle(article)) return false;
  queryClient.setQueryData(articleQueryKey(article.id, lang), article);
  return true;
}

export function payloadList(data: PageData | null | undefined): ArticlePage | null {
  const list = data?.list;
  return isArticlePage(list) ? { ...list, offset: list.offset, limit: list.limit, total: list.total } : null;
}
