/** What a details page adds for likes and ratings: the like button, the rating line and the `rating` dialog. */
import type { EngagementTarget } from '../types';
import { RatingDialog } from '../dialogs/rating-dialog';
import { LikeButton } from './like-button';
import { RatingSummaryLine } from './rating-summary';

export function EngagementActions({ article }: { article: EngagementTarget }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <LikeButton article={article} look="details" />
      <RatingSummaryLine article={article} />
      <RatingDialog />
    </div>
  );
}
