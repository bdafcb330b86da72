/**
 * GET /structure/fragments_get-articles/fragment/{collectionId}?offset&limit=10&lang: the next page of a
 * collection's tracks (audiobook chapters, podcast episodes), loaded when the player reaches the last one.
 */
import type { LanguageCode } from '@/config/languages';
import { getStructureFragment } from '@/lib/structure-fragment';
import type { CollectionEntry, CollectionPage } from '../types';

export type { CollectionEntry, CollectionPage };

export async function getCollectionPage(collectionId: number, offset: number, limit: number, lang: LanguageCode): Promise<CollectionPage> {
  return getStructureFragment<CollectionPage>('fragments_get-articles', collectionId, { offset, limit, lang });
}
