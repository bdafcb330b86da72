/**
 * What every catalog card draws beside its link for another feature (the like button, issue 15): the
 * app registers one renderer at start-up (app/card-actions.tsx); card-action-slot.tsx draws it.
 */
import type { ReactNode } from 'react';
import { createStore } from 'zustand';

export interface CardActionArticle {
  id: number;
  title: string;
  contentType: string;
}

export type CardActionRenderer = (article: CardActionArticle) => ReactNode;

export const cardActionStore = createStore<{ render: CardActionRenderer | null }>()(() => ({ render: null }));

export function setCardAction(render: CardActionRenderer | null): void {
  cardActionStore.setState({ render });
}
