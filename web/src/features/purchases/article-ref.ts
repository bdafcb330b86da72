/**
 * What the purchase check needs to know of an article: the client builds it from a catalog article,
 * a player's track or a page entry (the catalog's article answer has more).
 */
export interface ArticleRef {
  id: number;
  title: string;
  contentType: string;
  /** The collection (album, audiobook) a track or chapter belongs to, for downloads. */
  collectionId?: number | null;
}
