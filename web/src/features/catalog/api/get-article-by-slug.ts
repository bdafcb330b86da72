/**
 * Items whose path carries no id (commerce §2: /games/publisher/{developerName}, /voucherbooks/{name},
 * /partners/info-services/{name}, /games/details/{title}). A publisher is asked for directly
 * (GET /catalog/articles?contentType=publisher&developer={slug}); the others are found by their slug
 * among the articles of their content type (pages of 50, the largest the server allows).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { slugify } from '@/config/content-paths';
import { loadPart } from '@/lib/lazy-part';
import { useCurrentLanguage } from '@/lib/use-language';
import type { Article } from '../types';

/**
 * The search (find-by-slug.ts) and the article lists' call it makes load with the first page found by
 * slug, not with every details page (issue 52).
 */
export async function getArticleBySlug(contentTypes: readonly string[], slug: string, lang: LanguageCode): Promise<Article> {
  const { findArticleBySlug } = await loadPart(() => import('./find-by-slug'));
  return findArticleBySlug(contentTypes, slug, lang);
}

export const getArticleBySlugQueryOptions = (contentTypes: readonly string[], slug: string, lang: LanguageCode) =>
  queryOptions({ queryKey: ['catalog', 'slug', contentTypes.join(','), slugify(slug), lang] as const, queryFn: () => getArticleBySlug(contentTypes, slug, lang), staleTime: 120_000 });

export function useArticleBySlug(contentTypes: readonly string[] | null, slug: string) {
  const lang = useCurrentLanguage();
  return useQuery({ ...getArticleBySlugQueryOptions(contentTypes ?? [], slug, lang), enabled: contentTypes !== null && slug !== '' });
}
