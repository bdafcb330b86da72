/**
 * What every catalog card draws beside its link for another feature (the like button, issue 15): the
 * app registers one renderer at start-up (app/card-actions.tsx); card-action-slot.tsx draws it.
 */
import type { ReactNode } from 'react';
import type { CatalogArticle } from '@/lib/api-schema';
import { createStore } from 'zustand';

/** What a card action reads of the catalog's article answer (server ArticleDto). */
export type CardActionArticle = Pick<CatalogArticle, 'id' | 'title' | 'contentType'>;

export type CardActionRenderer = (article: CardActionArticle) => ReactNode;

export const cardActionStore = createStore<{ render: CardActionRenderer | null }>()(() => ({ render: null }));

export function setCardAction(render: CardActionRenderer | null): void {
  cardActionStore.setState({ render });
}
