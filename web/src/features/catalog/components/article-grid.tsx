/** A grid of article cards that reflows at 600 / 960 / 1280 / 1920 / 2560 px, with skeletons while loading. */
import { Skeleton } from '@/components/ui/skeleton';
import { ASPECT_CLASS, GRID_COLUMNS, gridShape, type ArticleShape } from '../article-meta';
import type { Article } from '../types';
import { ArticleCard } from './article-card';

interface ArticleGridProps {
  articles: readonly Article[];
  shape?: ArticleShape;
  label?: string;
  showType?: boolean;
  /** How many first cards load their artwork at once: a grid that opens the page (its first row on a phone). */
  eager?: number;
}

export function ArticleGrid({ articles, shape, label, showType, eager = 0 }: ArticleGridProps) {
  const cardShape = shape ?? gridShape(articles);
  return (
    <ul aria-label={label} className={`grid gap-3 sm:gap-4 ${GRID_COLUMNS[cardShape]}`}>
      {articles.map((article, index) => (
        <li key={article.id}>
          <ArticleCard article={article} shape={cardShape} showType={showType} eager={index < eager} />
        </li>
      ))}
    </ul>
  );
}

export function ArticleGridSkeleton({ shape = 'square', count = 12 }: { shape?: ArticleShape; count?: number }) {
  return (
    <ul aria-hidden="true" className={`grid gap-3 sm:gap-4 ${GRID_COLUMNS[shape]}`}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <Skeleton className={`${ASPECT_CLASS[shape]} w-full rounded-xl`} />
          <Skeleton className="mt-2 h-4 w-3/4" />
          <Skeleton className="mt-1 h-3 w-1/2" />
        </li>
      ))}
    </ul>
  );
}
