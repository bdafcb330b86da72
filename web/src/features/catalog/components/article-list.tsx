/** A paged list behind a section page: grid, skeletons, errors, empty state and "load more" (offset/limit). */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';
import { gridShape, type ArticleShape } from '../article-meta';
import { useArticles, type ArticlesQuery } from '../api/get-articles';
import type { ArticlePage } from '../types';
import { ArticleGrid, ArticleGridSkeleton } from './article-grid';

interface ArticleListProps {
  query: ArticlesQuery;
  /** The page payload's `list`, for the first paint. */
  firstPage?: ArticlePage | null;
  shape?: ArticleShape;
  label?: string;
}

export function ArticleList({ query, firstPage, shape, label }: ArticleListProps) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const list = useArticles(query, firstPage);

  if (list.isPending) {
    return (
      <div role="status" aria-busy="true">
        <span className="sr-only">{t('catalog.loading')}</span>
        <ArticleGridSkeleton shape={shape} />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg text-muted">{t('catalog.loadError')}</p>
        <Button onClick={() => void list.refetch()}>{t('catalog.retry')}</Button>
      </div>
    );
  }
  const articles = list.data.pages.flatMap((page) => page.entries);
  const total = list.data.pages[list.data.pages.length - 1]?.total ?? articles.length;
  if (articles.length === 0) return <p className="py-16 text-center text-lg text-muted">{t('catalog.empty')}</p>;

  return (
    <div className="flex flex-col gap-6">
      {/* The list opens its page: the first row's artwork is the first viewport's largest image (the shell preloads the first). */}
      <ArticleGrid articles={articles} shape={shape ?? gridShape(articles)} label={label} eager={2} />
      {list.isFetchingNextPage && <ArticleGridSkeleton shape={shape ?? gridShape(articles)} count={6} />}
      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {t('catalog.shown', { shown: formatNumber(articles.length, lang), total: formatNumber(total, lang) })}
        </p>
        {list.hasNextPage && (
          <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? t('catalog.loading') : t('catalog.loadMore')}
          </Button>
        )}
      </div>
    </div>
  );
}
