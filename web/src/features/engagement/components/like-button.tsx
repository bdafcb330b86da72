/**
 * The like button of a card, and the like state a details page draws (engagement-actions.tsx), commerce §4:
 * liked items are unliked, others liked, with the snackbars favorite.added / favorite.removed; a guest gets
 * favorite.notLoggedIn. Items of a type no kind takes (news, tournaments, ...) show nothing.
 */
import { useTranslation } from '@/lib/use-translation';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useLikedIds } from '../api/get-liked-ids';
import { useSetLike } from '../api/like-article';
import { isLiked, likeAction, likeKindOf } from '../like-kinds';
import type { EngagementTarget } from '../types';
import { HeartIcon } from './engagement-icons';

/** What a like button shows and does; null for a type no kind takes. */
export interface LikeState {
  liked: boolean;
  /** The button's name: like or unlike the item, by title. */
  label: string;
  /** A like or unlike is under way (the button is disabled). */
  pending: boolean;
  onClick: () => void;
}

export function useLike(article: EngagementTarget): LikeState | null {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const ids = useLikedIds();
  const setLike = useSetLike();
  const kind = likeKindOf(article.contentType);
  if (!kind) return null;
  const liked = signedIn && isLiked(ids.data, kind, article.id);
  const label = liked ? t('engagement.unlike', { title: article.title }) : t('engagement.like', { title: article.title });

  const onClick = () => {
    const action = likeAction(signedIn, liked);
    if (action === 'login') {
      showSnackbar(t('favorite.notLoggedIn'), 'info');
      return;
    }
    setLike.mutate(
      { kind, id: article.id, like: action === 'like' },
      {
        onSuccess: () => showSnackbar(action === 'like' ? t('favorite.added') : t('favorite.removed'), 'success'),
        onError: () => showSnackbar(t('engagement.likeFailed'), 'error'),
      },
    );
  };
  return { liked, label, pending: setLike.isPending, onClick };
}

/** A card's like button: a round button over the artwork. */
export function LikeButton({ article, className = '' }: { article: EngagementTarget; className?: string }) {
  const like = useLike(article);
  if (!like) return null;
  const { liked, label, pending, onClick } = like;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={liked}
      aria-label={label}
      title={label}
      data-liked={liked}
      disabled={pending}
      className={`inline-flex size-9 items-center justify-center rounded-full bg-black/60 shadow transition-colors hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60 ${liked ? 'text-rose-400' : 'text-white'} ${className}`}
    >
      <HeartIcon filled={liked} width={18} height={18} />
    </button>
  );
}
