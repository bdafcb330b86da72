/** A titled horizontal row of article cards (related items, an artist's albums). */
import { useId } from 'react';
import { articleShape } from '../article-meta';
import type { Article } from '../types';
import { ArticleCard } from './article-card';

/** A phone's width is the tenant's share of the row where it set its cards per row (--phone-card-width, index.css). */
const CARD_WIDTH = {
  landscape: 'w-[var(--phone-card-width,16rem)] sm:w-72 lg:w-80 2xl:w-96',
  square: 'w-[var(--phone-card-width,9rem)] sm:w-44 lg:w-48 2xl:w-56',
  portrait: 'w-[var(--phone-card-width,8rem)] sm:w-40 lg:w-44 2xl:w-52',
} as const;

export function ArticleRail({ title, articles }: { title: string; articles: readonly Article[] }) {
  const headingId = useId();
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold sm:text-2xl">{title}</h2>
      <ul className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 pb-2 [scrollbar-width:thin] sm:gap-4">
        {articles.map((article) => (
          <li key={article.id} className={`shrink-0 snap-start ${CARD_WIDTH[articleShape(article.contentType)]}`}>
            <ArticleCard article={article} />
          </li>
        ))}
      </ul>
    </section>
  );
}
