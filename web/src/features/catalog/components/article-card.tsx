/** A catalog item as a card: artwork, title, artists or subtitle (hovering prefetches its page payload: SmartLink). */
import { useTranslation } from '@/lib/use-translation';
import { CardActionSlot } from '@/components/ui/card-action-slot';
import { GradingBadge } from './grading-badge';
import { LazyImage } from '@/components/ui/lazy-image';
import { SmartLink } from '@/components/ui/smart-link';
import { formatDuration } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';
import { ASPECT_CLASS, articleHref, articleShape, artistNames, type ArticleShape } from '../article-meta';
import type { Article } from '../types';

interface ArticleCardProps {
  article: Pick<Article, 'id' | 'title' | 'contentType' | 'href' | 'imageUrl' | 'artists' | 'developerName' | 'durationSeconds' | 'rating'>;
  shape?: ArticleShape;
  className?: string;
  /** Names the item's type above its title (search results mix every type). */
  showType?: boolean;
  /** The artwork loads at once (the first cards of a page, in its first viewport). */
  eager?: boolean;
}

export function ArticleCard({ article, shape, className = '', showType = false, eager = false }: ArticleCardProps) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const href = articleHref(article);
  const names = artistNames(article);
  const subtitle = names !== '' ? names : (article.developerName ?? '');
  const cardShape = shape ?? articleShape(article.contentType);
  return (
    <div className={`relative min-w-0 ${className}`}>
      <SmartLink
        href={href}
        className="group block min-w-0 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent [&_img]:transition-transform [&_img]:duration-300 hover:[&_img]:scale-105"
      >
        <span className="relative block overflow-hidden rounded-xl">
          <LazyImage src={article.imageUrl} alt="" eager={eager} errorLabel={t('image.unavailable')} className={`${ASPECT_CLASS[cardShape]} w-full rounded-xl ${article.contentType === 'artist' ? 'rounded-full' : ''}`} />
          <GradingBadge rating={article.rating} className="absolute start-2 bottom-2" />
          {article.durationSeconds ? (
            <span className="absolute end-2 bottom-2 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">{formatDuration(article.durationSeconds, lang)}</span>
          ) : null}
        </span>
        {showType && (
          <span data-content-type={article.contentType} className="mt-2 block truncate text-xs font-bold tracking-wide text-primary uppercase">
            {t(`catalog.types.${article.contentType}`, { defaultValue: t('catalog.types.other') })}
          </span>
        )}
        <span className={`${showType ? 'mt-0.5' : 'mt-2'} block truncate text-sm font-semibold text-text sm:text-base`}>{article.title}</span>
        {subtitle && <span className="block truncate text-xs text-muted sm:text-sm">{subtitle}</span>}
      </SmartLink>
      {/* Beside the link, over the artwork's top corner (the like button, issue 15). */}
      <CardActionSlot article={article} className="absolute end-2 top-2" />
    </div>
  );
}
