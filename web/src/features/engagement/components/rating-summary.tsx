/**
 * A details page's rating: the average as stars with the count (GET /rating/article/{id}), the
 * caller's own score, and the button that opens the `rating` dialog. A guest who rates is sent to sign in.
 */
import { useTranslation } from '@/lib/use-translation';
import { openDialog } from '@/lib/dialogs';
import { formatNumber } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { useRatingSummary } from '../api/get-rating-summary';
import { useUserRating } from '../api/get-user-rating';
import { openRatingDialog } from '../rating-target';
import type { EngagementTarget } from '../types';
import { StarIcon } from './engagement-icons';

export function Stars({ value, max = 5, className = '' }: { value: number; max?: number; className?: string }) {
  return (
    <span aria-hidden="true" className={`inline-flex text-accent ${className}`}>
      {Array.from({ length: max }, (_, index) => (
        <StarIcon key={index} filled={value >= index + 0.5} width={16} height={16} />
      ))}
    </span>
  );
}

/** `prefetchDialog`: called when the pointer or focus reaches the rate button, which may soon open the `rating` dialog. */
export function RatingSummaryLine({ article, prefetchDialog }: { article: EngagementTarget; prefetchDialog?: () => void }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const summary = useRatingSummary(article.id);
  const mine = useUserRating(article.id);
  const count = summary.data?.count ?? 0;
  const average = summary.data?.average ?? 0;
  const score = signedIn ? (mine.data?.score ?? null) : null;

  const onRate = () => {
    if (!signedIn) {
      openDialog('login-options');
      return;
    }
    openRatingDialog(article);
  };

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="rating-summary">
      <span className="inline-flex items-center gap-2">
        <Stars value={average} />
        <span className="text-sm text-muted">
          {count > 0
            ? t('engagement.ratingAverage', { average: formatNumber(average, lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), count })
            : t('engagement.noRatings')}
        </span>
      </span>
      <button type="button" onClick={onRate} onPointerEnter={prefetchDialog} onFocus={prefetchDialog} className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-sm font-semibold text-primary hover:underline focus-visible:outline-2 focus-visible:outline-accent">
        <StarIcon width={16} height={16} filled={score !== null} />
        {score !== null ? t('engagement.yourRating', { score: formatNumber(score, lang) }) : t('engagement.rate')}
      </button>
    </div>
  );
}
