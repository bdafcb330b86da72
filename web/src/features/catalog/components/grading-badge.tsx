/**
 * A grading label of commerce §5 (0 all ages, 10 6+, 20 12+, 30 16+, 40 and else 18+) as a badge on
 * a card's artwork. Cards show it for rated items only (an "All ages" badge on every card says
 * nothing); details pages show every label. Age labels stay left-to-right in Arabic (gradingDirection).
 */
import { useTranslation } from '@/lib/use-translation';
import { gradingDirection, gradingLabel } from '@/lib/formatters';

export function GradingBadge({ rating, className = '' }: { rating: number | null | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!rating) return null;
  const label = gradingLabel(rating);
  return (
    <span
      data-testid="card-grading"
      data-grading={label}
      title={t('catalog.facts.rating')}
      dir={gradingDirection(label)}
      className={`rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-bold text-white ${className}`}
    >
      {t(`catalog.grading.${label}`)}
    </span>
  );
}
