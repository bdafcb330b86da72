/**
 * A structure node of type `catalog` (docs/contracts.md): a titled row of the catalog's own items for
 * `customProperties.query` ({section, contentType, category, sort}) and `count` (default 12), so a section page (/news,
 * /vouchers, /tournaments) always shows what the catalog holds, with a "see all" link when the node
 * names one.
 */
import { useTranslation } from '@/lib/use-translation';
import { SmartLink } from '@/components/ui/smart-link';
import type { ConfigNode } from '@/lib/portal-types';
import { useArticles, type ArticlesQuery } from '../api/get-articles';
import { railSize } from '../catalog-node';
import { ArticleRail } from './article-rail';

export function CatalogRail({ node, query }: { node: ConfigNode; query: ArticlesQuery }) {
  const { t } = useTranslation();
  const articles = useArticles(query);
  const entries = (articles.data?.pages[0]?.entries ?? []).slice(0, railSize(node));
  const seeAll = node.data.customProperties?.seeAllUrl;
  if (articles.isPending) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{t('catalog.loading')}</span>
        <div className="h-7 w-48 animate-pulse rounded bg-border/60" />
        <div className="flex gap-3 overflow-hidden">
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="aspect-video w-64 shrink-0 animate-pulse rounded-xl bg-border/60" />
          ))}
        </div>
      </div>
    );
  }
  if (entries.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <ArticleRail title={node.data.title ?? ''} articles={entries} />
      {typeof seeAll === 'string' && seeAll !== '' && (
        <SmartLink href={seeAll} className="self-start rounded-full px-3 py-1.5 text-sm font-semibold text-primary hover:bg-surface">
          {t('rail.seeAll')}
        </SmartLink>
      )}
    </div>
  );
}
