/** What a details page adds for likes and ratings: the like button, the rating line and the `rating` dialog. */
import { lazyNamedDialog } from '@/components/ui/lazy-named-dialog';
import type { EngagementTarget } from '../types';
import { LikeButton } from './like-button';
import { RatingSummaryLine } from './rating-summary';

/** The `rating` dialog's code loads when it first opens (or the pointer reaches the rating line's button). */
const rating = lazyNamedDialog('rating', () => import('../dialogs/rating-dialog').then((module) => module.RatingDialog));

export function EngagementActions({ article }: { article: EngagementTarget }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <LikeButton article={article} look="details" />
      <RatingSummaryLine article={article} prefetchDialog={rating.preload} />
      <rating.Dialog />
    </div>
  );
}
