/** The catalog's wire shapes (docs/contracts.md "Catalog (issue 4)", commerce §3 field names). */
export type BusinessModel = 'SUBSCRIPTION' | 'PAY_PER_DOWNLOAD' | 'DOWNLOAD_TO_OWN_FREEMIUM';

export interface Price {
  amount: number;
  currency: string;
  /** A BusinessModel; other values may come from imported catalogs. */
  businessModel: string;
  /** A promotion price in minor units, when the item is on offer (commerce §5). */
  promotionAmount?: number | null;
}

export type ArtworkClass = 'COVER' | 'BANNER' | 'SCREENSHOT' | 'VIDEO_TRAILER' | 'VIDEO_GAMEPLAY';
export type Orientation = 'Square' | 'Portrait' | 'Landscape';

export interface Artwork {
  /** An ArtworkClass. */
  artworkClass: string;
  url: string;
  /** An Orientation. */
  orientation?: string;
  width?: number;
  height?: number;
  group?: string;
}

export interface Article {
  id: number;
  title: string;
  name?: string;
  description?: string;
  contentType: string;
  firstEpisodeContentType?: string | null;
  providerId?: number | string | null;
  rating?: number;
  gradingLabel?: string | null;
  categoryIds?: string[];
  releaseDate?: string | null;
  licensorName?: string | null;
  developerName?: string | null;
  durationSeconds?: number | null;
  fileSizeBytes?: number | null;
  prices?: Price[];
  additionalArtworks?: Artwork[];
  imageUrl?: string | null;
  customProperties?: Record<string, unknown> | null;
  collectionInfo?: { articleId?: number | null } | null;
  artists?: { id: number; title: string }[];
  episode?: number | null;
  season?: number | null;
  slug?: string;
  href?: string;
  isWalletItem?: boolean;
}

export interface ArticleDetails extends Article {
  related?: Article[];
  tracks?: Article[];
  episodes?: Article[];
  chapters?: Article[];
  /** Artists: their albums. */
  albums?: Article[];
  /** Artists: their most played tracks (at most 10). */
  topTracks?: Article[];
  /** Publishers: their games. */
  games?: Article[];
}

export interface ArticlePage {
  entries: Article[];
  total: number;
  offset: number;
  limit: number;
}

export interface Category {
  id: string;
  title: string;
  artwork?: string | null;
  parentId?: string | null;
  count?: number;
}

export type Section = 'music' | 'video' | 'games' | 'audiobook' | 'podcast' | 'news' | 'articles' | 'vouchers' | 'tournaments' | 'apps';

export function isArticle(value: unknown): value is Article {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number' && typeof (value as { contentType?: unknown }).contentType === 'string';
}

export function isArticlePage(value: unknown): value is ArticlePage {
  return typeof value === 'object' && value !== null && Array.isArray((value as { entries?: unknown }).entries);
}
