/**
 * A card's slot for the registered card action (card-action.ts), over the artwork's top corner and
 * beside the card's link (a button may not sit inside a link). Nothing until one is registered.
 */
import { Suspense } from 'react';
import { useStore } from 'zustand';
import { cardActionStore, type CardActionArticle } from './card-action';

export function CardActionSlot({ article, className = '' }: { article: CardActionArticle; className?: string }) {
  const render = useStore(cardActionStore, (state) => state.render);
  if (!render) return null;
  return (
    <div className={className}>
      <Suspense fallback={null}>{render(article)}</Suspense>
    </div>
  );
}
