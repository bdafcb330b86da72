/** The recent searches (local storage `recentSearch`) as chips; one click searches again. */
import { useTranslation } from '@/lib/use-translation';
import { clearRecentSearches, useRecentSearches } from '../recent-search';

export function RecentSearches({ onPick }: { onPick: (term: string) => void }) {
  const { t } = useTranslation();
  const recent = useRecentSearches();
  if (recent.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-label={t('search.recent')}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-bold tracking-wide text-muted uppercase">{t('search.recent')}</h2>
        <button type="button" onClick={clearRecentSearches} className="text-sm font-semibold text-primary hover:underline">
          {t('search.clearRecent')}
        </button>
      </div>
      <ul className="flex flex-wrap gap-2">
        {[...recent].reverse().map((term) => (
          <li key={term}>
            <button type="button" onClick={() => onPick(term)} className="rounded-full border border-border bg-surface px-4 py-1.5 text-sm font-semibold hover:border-primary focus-visible:outline-2 focus-visible:outline-accent">
              {term}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
