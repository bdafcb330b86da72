/**
 * Items whose path carries no id (commerce §2: /games/publisher/{developerName}, /voucherbooks/{name},
 * /partners/info-services/{name}, /games/details/{title}). A publisher is asked for directly
 * (GET /catalog/articles?contentType=publisher&developer={slug}); the others are found by their slug
 * among the articles of their content type (pages of 50, the largest the server allows).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { slugify } from '@/config/content-paths';
import { ApiError } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/use-language';
import type { Article } from '../types';
import { getArticles } from './get-articles';

const PAGE = 50;
const MAX_PAGES = 40;

export async function getArticleBySlug(contentTypes: readonly string[], slug: string, lang: LanguageCode): Promise<Article> {
  const wanted = slugify(slug);
  for (const contentType of contentTypes) {
    if (contentType === 'publisher') {
      const answer = await getArticles({ contentType, developer: wanted }, lang, 0, 1);
      const publisher = answer.entries[0];
      if (publisher) return publisher;
      continue;
    }
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = await getArticles({ contentType }, lang, page * PAGE, PAGE);
      const found = answer.entries.find((entry) => entry.slug === wanted || slugify(entry.title) === wanted || (entry.developerName !== null && slugify(entry.developerName) === wanted && entry.contentType === 'publisher'));
      if (found) return found;
      if (answer.offset + answer.entries.length >= answer.total || answer.entries.length === 0) break;
    }
  }
  throw new ApiError('GET', `/catalog/articles?slug=${wanted}`, 404, 'Not Found', { status: 404, error: 'ARTICLE_NOT_FOUND', message: `No ${contentTypes.join('/')} '${wanted}'`, data: null });
}

export const getArticleBySlugQueryOptions = (contentTypes: readonly string[], slug: string, lang: LanguageCode) =>
  queryOptions({ queryKey: ['catalog', 'slug', contentTypes.join(','), slugify(slug), lang] as const, queryFn: () => getArticleBySlug(contentTypes, slug, lang), staleTime: 120_000 });

export function useArticleBySlug(contentTypes: readonly string[] | null, slug: string) {
  const lang = useCurrentLanguage();
  return useQuery({ ...getArticleBySlugQueryOptions(contentTypes ?? [], slug, lang), enabled: contentTypes !== null && slug !== '' });
}
