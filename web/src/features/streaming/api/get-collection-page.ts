/**
 * GET /structure/fragments_get-articles/fragment/{collectionId}?offset&limit=10&lang: the next page of a
 * collection's tracks (audiobook chapters, podcast episodes), loaded when the player reaches the last one.
 */
import type { LanguageCode } from '@/config/languages';
import { getStructureFragment } from '@/lib/structure-fragment';

export interface CollectionEntry {
  id: number;
  title: string;
  contentType: string;
  imageUrl?: string | null;
  durationSeconds?: number | null;
  artists?: { id: number; title: string }[];
  collectionInfo?: { articleId?: number | null } | null;
  isWalletItem?: boolean;
  href?: string;
}

export interface CollectionPage {
  entries: CollectionEntry[];
  total: number;
  offset: number;
  limit: number;
}

export async function getCollectionPage(collectionId: number, offset: number, limit: number, lang: LanguageCode): Promise<CollectionPage> {
  return getStructureFragment<CollectionPage>('fragments_get-articles', collectionId, { offset, limit, lang });
}
