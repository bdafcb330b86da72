/** What the console's article picker (components/article-search.tsx) shows of a hit, and the messages its caller gives it. */
import type { AdminKey } from './i18n';

/** A hit as the picker shows it. `imageUrl` undefined: the source has no covers (none drawn). */
export interface FoundArticle {
  id: number;
  title: string;
  contentType: string;
  imageUrl?: string | null;
  /** Its artists' names, joined. */
  artists?: string;
  /** Its state in the console's catalog (published, unpublished, …). */
  state?: string;
}

/** The caller's messages: the search button, the hint under the box (optional), no hits, and the hits' list. */
export interface ArticleSearchMessages {
  search: AdminKey;
  hint?: AdminKey;
  none: AdminKey;
  results: AdminKey;
}
