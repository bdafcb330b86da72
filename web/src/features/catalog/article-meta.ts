/** Small pure helpers over an article: its link, card shape, artists, price, artwork by class. */
import { contentPathFor } from '@/config/content-paths';
import { ASPECT_CLASS, GRID_COLUMNS, PORTRAIT_TYPES, SQUARE_TYPES, type ArticleShape } from '@/config/page-tables';
import type { Article, Artwork, Price } from './types';

export { ASPECT_CLASS, GRID_COLUMNS, type ArticleShape };
export { isGame } from './details-parts';

export function articleShape(contentType: string): ArticleShape {
  if (SQUARE_TYPES.has(contentType)) return 'square';
  if (PORTRAIT_TYPES.has(contentType)) return 'portrait';
  return 'landscape';
}

/** The server's canonical `href`, else the path built from the content type. */
export function articleHref(article: Pick<Article, 'id' | 'title' | 'contentType' | 'href' | 'developerName' | 'artists'>): string {
  return article.href.startsWith('/') ? article.href : contentPathFor(article);
}

/** Commerce §9: only the first two names make the short list. */
export function artistNames(article: Pick<Article, 'artists'>): string {
  return article.artists.slice(0, 2).map((artist) => artist.title).join(', ');
}

/** The price to show: the first non-free one, or the freemium marker. */
export function mainPrice(article: Pick<Article, 'prices'>): Price | null {
  const prices = article.prices;
  return prices.find((price) => price.businessModel !== 'DOWNLOAD_TO_OWN_FREEMIUM' && price.amount > 0) ?? prices[0] ?? null;
}

/**
 * Free, as the server's entitlement decision reads it (entitlement.cpp is_free): a freemium price, or prices that
 * are all 0. A 0.00 SUBSCRIPTION row beside a paid one is the plan's way, not a free item (issue 73 item 1). What is
 * free says "Free" only, never "included with a subscription".
 */
export function isFree(article: Pick<Article, 'prices'>): boolean {
  const { prices } = article;
  return prices.some((price) => price.businessModel === 'DOWNLOAD_TO_OWN_FREEMIUM') || (prices.length > 0 && prices.every((price) => price.amount === 0));
}

/** Included with a subscription: a SUBSCRIPTION price on an item that is not free. */
export function soldBySubscription(article: Pick<Article, 'prices'>): boolean {
  return !isFree(article) && article.prices.some((price) => price.businessModel === 'SUBSCRIPTION');
}

/** Commerce §3: DOWNLOAD_TO_OWN_FREEMIUM marks a free online game. */
export function isFreeForGuests(article: Pick<Article, 'prices'>): boolean {
  return article.prices.some((price) => price.businessModel === 'DOWNLOAD_TO_OWN_FREEMIUM');
}

export function artworksOf(article: Pick<Article, 'additionalArtworks'>, artworkClass: string): Artwork[] {
  return article.additionalArtworks.filter((artwork) => artwork.artworkClass === artworkClass && artwork.url);
}

/**
 * Screenshots and trailers matched by orientation (issue 4): those of the viewport's orientation
 * first, the others after, so a phone in portrait sees portrait shots first.
 */
export function byOrientation(artworks: readonly Artwork[], landscape: boolean): Artwork[] {
  const wanted = landscape ? 'Landscape' : 'Portrait';
  const matching = artworks.filter((artwork) => artwork.orientation === wanted);
  return [...matching, ...artworks.filter((artwork) => artwork.orientation !== wanted)];
}

/** A grid's card shape: the first item's, or the fallback for an empty grid. */
export function gridShape(articles: readonly Pick<Article, 'contentType'>[], fallback: ArticleShape = 'square'): ArticleShape {
  const first = articles[0];
  return first ? articleShape(first.contentType) : fallback;
}
