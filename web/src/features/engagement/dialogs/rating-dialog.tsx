/**
 * The `rating` dialog (commerce §2 dialogs): one to five stars for the article of rating-target.ts,
 * the caller's current score preselected; saving sends PUT /rating and shows the new average. Its
 * Radix shell loads the first time it opens (issue 14: a details page carries no dialog code).
 */
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { LazyDialogShell } from '@/components/ui/lazy-dialog-shell';
import { useDialog } from '@/lib/dialogs';
import { formatNumber } from '@/lib/formatters';
import { showSnackbar } from '@/lib/snackbar';
import { useCurrentLanguage } from '@/lib/use-language';
import { useUserRating } from '../api/get-user-rating';
import { useRateArticle } from '../api/rate-article';
import { StarIcon } from '../components/engagement-icons';
import { useRatingTarget } from '../rating-target';

const SCORES = [1, 2, 3, 4, 5] as const;

export function RatingDialog() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const [open, setDialogOpen] = useDialog('rating');
  const target = useRatingTarget();
  const mine = useUserRating(target?.id ?? 0);
  const rate = useRateArticle();
  // The stars picked in this opening; until then the caller's current score.
  const [picked, setScore] = useState<number | null>(null);
  const score = picked ?? mine.data?.score ?? null;
  const setOpen = (next: boolean) => {
    if (!next) setScore(null);
    setDialogOpen(next);
  };

  if (!target) return null;
  const save = () => {
    if (score === null) return;
    rate.mutate(
      { articleId: target.id, score, contentType: target.contentType },
      {
        onSuccess: (rated) => {
          showSnackbar(t('engagement.ratingSaved', { average: formatNumber(rated.average, lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }), 'success');
          setOpen(false);
        },
        onError: () => showSnackbar(t('engagement.ratingFailed'), 'error'),
      },
    );
  };

  return (
    <LazyDialogShell open={open} onOpenChange={setOpen} title={t('engagement.rateTitle')} description={target.title} closeLabel={t('engagement.close')}>
      <div role="radiogroup" aria-label={t('engagement.scoreLabel')} className="flex justify-center gap-1">
        {SCORES.map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={score === value}
            aria-label={t('engagement.stars', { score: formatNumber(value, lang) })}
            onClick={() => setScore(value)}
            className={`rounded-full p-1.5 transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-accent ${score !== null && value <= score ? 'text-accent' : 'text-muted'}`}
          >
            <StarIcon filled={score !== null && value <= score} width={36} height={36} />
          </button>
        ))}
      </div>
      <p className="text-center text-sm text-muted" aria-live="polite">
        {score !== null ? t(`engagement.scoreNames.${String(score) as '1' | '2' | '3' | '4' | '5'}`) : t('engagement.pickScore')}
      </p>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('engagement.cancel')}
        </Button>
        <Button onClick={save} disabled={score === null || rate.isPending}>
          {t('engagement.saveRating')}
        </Button>
      </div>
    </LazyDialogShell>
  );
}
