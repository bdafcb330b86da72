/**
 * The like state of an item for the current user (commerce §4): liked items are unliked, others liked, with
 * the snackbars favorite.added / favorite.removed; a guest gets favorite.notLoggedIn. A card's like button
 * (like-button.tsx) and a user's details page (engagement-actions.tsx) draw it.
 */
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useTranslation } from '@/lib/use-translation';
import { useLikedIds } from '../api/get-liked-ids';
import { useSetLike } from '../api/like-article';
import { isLiked, likeAction, likeKindOf } from '../like-kinds';
import type { EngagementTarget } from '../types';

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
