/**
 * Finding an item by the slug its path carries (get-article-by-slug.ts): a publisher is asked for directly,
 * the others are looked for among the articles of their content type, in pages of 50.
 */
import type { LanguageCode } from '@/config/languages';
import { slugify } from '@/config/content-paths';
import { ApiError } from '@/lib/api-client';
import type { Article } from '../types';
import { getArticles } from './get-articles';

const PAGE = 50;
const MAX_PAGES = 40;

export async function findArticleBySlug(contentTypes: readonly string[], slug: string, lang: LanguageCode): Promise<Article> {
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
