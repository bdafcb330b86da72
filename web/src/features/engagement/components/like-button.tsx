/**
 * The like button of a card (commerce §4, hooks/use-like.ts): liked items are unliked, others liked, with
 * the snackbars favorite.added / favorite.removed; a guest gets favorite.notLoggedIn. Items of a type no
 * kind takes (news, tournaments, ...) show nothing.
 */
import { useLike } from '../hooks/use-like';
import type { EngagementTarget } from '../types';
import { CardLikeFace } from './card-like';

/** A card's like button for a user (card-like.tsx draws a guest's without this code). */
export function LikeButton({ article, className = '' }: { article: EngagementTarget; className?: string }) {
  const like = useLike(article);
  return like && <CardLikeFace {...like} className={className} />;
}
