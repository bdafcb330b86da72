/**
 * The like button of a card or a details page (commerce §4): liked items are unliked, others liked,
 * with the snackbars favorite.added / favorite.removed; a guest gets favorite.notLoggedIn.
 * Items of a type no kind takes (news, tournaments, ...) show nothing.
 */
import { useTranslation } from '@/lib/use-translation';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useLikedIds } from '../api/get-liked-ids';
import { useSetLike } from '../api/like-article';
import { isLiked, likeAction, likeKindOf } from '../like-kinds';
import type { EngagementTarget } from '../types';
import { HeartIcon } from './engagement-icons';

interface LikeButtonProps {
  article: EngagementTarget;
  /** `card`: a round button over the artwork; `details`: a labelled button in the action row. */
  look?: 'card' | 'details';
  className?: string;
}

export function LikeButton({ article, look = 'card', className = '' }: LikeButtonProps) {
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

  if (look === 'details')
    return (
      <button
        type="button"
        onClick={onClick}
        aria-pressed={liked}
        title={label}
        data-liked={liked}
        disabled={setLike.isPending}
        className={`inline-flex items-center gap-2 rounded-full border border-border px-4 py-2.5 font-semibold transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60 ${liked ? 'text-primary' : 'text-text'} ${className}`}
      >
        <HeartIcon filled={liked} />
        <span>{liked ? t('engagement.liked') : t('engagement.likeShort')}</span>
      </button>
    );
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={liked}
      aria-label={label}
      title={label}
      data-liked={liked}
      disabled={setLike.isPending}
      className={`inline-flex size-9 items-center justify-center rounded-full bg-black/60 shadow transition-colors hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60 ${liked ? 'text-rose-400' : 'text-white'} ${className}`}
    >
      <HeartIcon filled={liked} width={18} height={18} />
    </button>
  );
}
