/**
 * The like button every catalog card carries (issue 15), a round button over the artwork. A guest's is never
 * pressed and asks to sign in (commerce §4), so it needs none of the like code; a user's is the like button
 * with its calls (like-button.tsx), loaded with the first card that shows it (issue 52: the like code and
 * TanStack Query's mutations had come with every catalog page a guest opened).
 */
import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useTranslation } from '@/lib/use-translation';
import type { LikeState } from '../hooks/use-like';
import { likeKindOf } from '../like-kinds';
import type { EngagementTarget } from '../types';
import { HeartIcon } from './engagement-icons';

const LikeButton = lazyPart(() => import('./like-button').then((module) => module.LikeButton));

export function CardLikeFace({ liked, label, pending, onClick, className = '' }: LikeState & { className?: string }) {
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

export function CardLike({ article }: { article: EngagementTarget }) {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  if (!likeKindOf(article.contentType)) return null;
  if (signedIn)
    return (
      <Suspense fallback={null}>
        <LikeButton article={article} />
      </Suspense>
    );
  return <CardLikeFace liked={false} label={t('engagement.like', { title: article.title })} pending={false} onClick={() => showSnackbar(t('favorite.notLoggedIn'), 'info')} />;
}
