/**
 * The catalog's wire types, from the generated OpenAPI types (docs/openapi.json; docs/contracts.md
 * "Catalog (issue 4)"). The article is lib/api-schema.ts's CatalogArticle, which types the fields
 * the document leaves untyped.
 */
import type { ApiData, CatalogArticle, CatalogArtwork, CatalogPrice } from '@/lib/api-schema';

export type BusinessModel = 'SUBSCRIPTION' | 'PAY_PER_DOWNLOAD' | 'DOWNLOAD_TO_OWN_FREEMIUM';
export type ArtworkClass = 'COVER' | 'BANNER' | 'SCREENSHOT' | 'VIDEO_TRAILER' | 'VIDEO_GAMEPLAY';
export type Orientation = 'Square' | 'Portrait' | 'Landscape';

export type Price = CatalogPrice;
export type Artwork = CatalogArtwork;
export type Article = CatalogArticle;

/**
 * GET /catalog/articles/{id}: the article with its lists (each entry a CatalogArticle, see there).
 * Every list may be missing here: a details page found by its slug shows an article of a list.
 */
type DetailLists = Pick<ApiData<'getBackendCatalogArticlesId'>, 'related' | 'tracks' | 'chapters' | 'episodes' | 'albums' | 'games' | 'topTracks'>;
export type ArticleDetails = Article & { [K in keyof DetailLists]?: Article[] | null };

/** GET /catalog/articles and the article fragments: a page of articles. */
export type ArticlePage = Omit<ApiData<'getBackendCatalogArticles'>, 'entries'> & { entries: Article[] };

export type Category = ApiData<'getBackendCatalogCategories'>[number];
export type CategoryArtworks = ApiData<'getBackendContentCategoryArtwork'>;
export type MediaUrl = ApiData<'getBackendMediaArticleId'>;

export type Section = 'music' | 'video' | 'games' | 'audiobook' | 'podcast' | 'news' | 'articles' | 'vouchers' | 'tournaments' | 'apps';

export function isArticle(value: unknown): value is Article {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number' && typeof (value as { contentType?: unknown }).contentType === 'string';
}

export function isArticlePage(value: unknown): value is ArticlePage {
  return typeof value === 'object' && value !== null && Array.isArray((value as { entries?: unknown }).entries);
}
