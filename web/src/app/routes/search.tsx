/**
 * /search and /search-q: the query lives in `?q=`; typing is debounced; results come grouped by
 * section; a settled search is remembered in the recent searches (commerce §5).
 */
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ArticleGrid, ArticleGridSkeleton } from '@/features/catalog/components/article-grid';
import { useSearch } from '@/features/search/api/search-articles';
import { RecentSearches } from '@/features/search/components/recent-searches';
import { SearchBox } from '@/features/search/components/search-box';
import { groupResults } from '@/features/search/group-results';
import { rememberSearch } from '@/features/search/recent-search';
import { SubscribeOfferSlot } from '../commerce-slots';

export default function SearchPage() {
  const { t } = useTranslation();
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const results = useSearch(q);

  const search = (term: string, immediate: boolean) => {
    const next = term.trim();
    if (next === q) return;
    setParams(next ? { q: next } : {}, { replace: !immediate });
    if (next) rememberSearch(next);
  };

  return (
    <section data-page="search" aria-labelledby={headingId} className="mx-auto flex w-full max-w-[120rem] flex-col gap-6">
      <h1 id={headingId} className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('meta.search.title')}</h1>
      <SearchBox value={q} onSearch={search} />
      {q === '' ? (
        <>
          <p className="text-lg text-muted">{t('search.prompt')}</p>
          <RecentSearches onPick={(term) => search(term, true)} />
          {/* The subscribe button (commerce §4): the plans of the page the search was opened from. */}
          <SubscribeOfferSlot />
        </>
      ) : results.isPending ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">{t('catalog.loading')}</span>
          <ArticleGridSkeleton count={8} />
        </div>
      ) : results.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
          <p className="text-lg text-muted">{t('search.error')}</p>
          <Button onClick={() => void results.refetch()}>{t('catalog.retry')}</Button>
        </div>
      ) : results.data.entries.length === 0 ? (
        <div className="flex flex-col gap-2 py-12 text-center" role="status">
          <p className="text-xl font-semibold">{t('search.noResults', { q })}</p>
          <p className="text-muted">{t('search.noResultsHint')}</p>
        </div>
      ) : (
        <>
          <p className="text-muted leading-6" role="status">
            {t('search.results', { count: results.data.total, q })}
          </p>
          {groupResults(results.data.entries).map((group, index) => (
            <section key={group.section} aria-label={t(`catalog.sections.${group.section}`)} data-section={group.section} className="flex flex-col gap-3">
              <h2 className="text-xl font-bold sm:text-2xl">{t(`catalog.sections.${group.section}`)}</h2>
              {/* The first group's first row is the first viewport's largest image: it shows at once. */}
              <ArticleGrid articles={group.entries} showType eager={index === 0 ? 2 : 0} />
            </section>
          ))}
        </>
      )}
    </section>
  );
}
