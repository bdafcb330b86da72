/** What a details page adds for likes and ratings: the like button, the rating line and the `rating` dialog. */
import { useEffect } from 'react';
import { lazyNamedDialog } from '@/components/ui/lazy-named-dialog';
import { useDeferredPart } from '@/lib/lazy-part';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useTranslation } from '@/lib/use-translation';
import { likeKindOf } from '../like-kinds';
import type { LikeState } from '../hooks/use-like';
import type { EngagementTarget } from '../types';
import { HeartIcon } from './engagement-icons';
import { RatingSummaryLine } from './rating-summary';

/** The `rating` dialog's code loads when it first opens (or the pointer reaches the rating line's button). */
const rating = lazyNamedDialog('rating', () => import('../dialogs/rating-dialog').then((module) => module.RatingDialog));

/** The like code (liked ids, the like and unlike calls): a user's page loads it, a guest's does not (issue 52). */
const loadLike = () => import('../hooks/use-like');

export function EngagementActions({ article }: { article: EngagementTarget }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <DetailsLikeButton article={article} />
      <RatingSummaryLine article={article} prefetchDialog={rating.preload} />
      <rating.Dialog />
    </div>
  );
}

/** A labelled like button in the action row (`useLike` says what it shows and does). */
function DetailsLikeFace({ liked, label, pending, onClick }: LikeState) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={liked}
      title={label}
      data-liked={liked}
      disabled={pending}
      className={`inline-flex items-center gap-2 rounded-full border border-border px-4 py-2.5 font-semibold transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60 ${liked ? 'text-primary' : 'text-text'}`}
    >
      <HeartIcon filled={liked} />
      <span>{liked ? t('engagement.liked') : t('engagement.likeShort')}</span>
    </button>
  );
}

/**
 * A guest's like is never pressed and asks to sign in (commerce §4), so it needs none of the like code; a user's
 * button loads it and is disabled until it is there.
 */
function DetailsLikeButton({ article }: { article: EngagementTarget }) {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const like = useDeferredPart(loadLike);
  const prefetch = like.prefetch;
  useEffect(() => {
    if (signedIn) prefetch();
  }, [signedIn, prefetch]);
  if (!likeKindOf(article.contentType)) return null;
  if (signedIn && like.module) return <UsersLikeButton like={like.module} article={article} />;
  const onClick = () => showSnackbar(t('favorite.notLoggedIn'), 'info');
  return <DetailsLikeFace liked={false} label={t('engagement.like', { title: article.title })} pending={signedIn} onClick={onClick} />;
}

function UsersLikeButton({ like, article }: { like: Awaited<ReturnType<typeof loadLike>>; article: EngagementTarget }) {
  const state = like.useLike(article);
  return state && <DetailsLikeFace {...state} />;
}
