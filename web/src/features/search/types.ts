/** A search result: an article as the catalog answers it (docs/contracts.md), the fields search uses. */
export interface SearchHit {
  id: number;
  title: string;
  contentType: string;
  href?: string;
  imageUrl?: string | null;
  description?: string;
}
