/**
 * The home page: the tenant's `home` structure (hero banner, stories, rails, grids, and `catalog` rows of the
 * catalog's own items, as a new tenant's template home has).
 */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { catalogNodeQuery } from '@/features/catalog/catalog-node';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getArticlesQueryOptions } from '@/features/catalog/api/get-articles';
import { useCurrentLanguage } from '@/lib/use-language';
import { CatalogRail } from '@/features/catalog/components/catalog-rail';
import { useStructure } from '@/features/structure/api/get-structure';
import { StructureSkeleton } from '@/features/structure/components/structure-skeleton';
import { StructureView } from '@/features/structure/components/structure-view';
import { StoriesStrip } from '@/features/stories/components/stories-strip';
import type { ConfigNode } from '@/lib/portal-types';
import { AdSlot } from '../ad-slot';

function homeNode(node: ConfigNode) {
  if (node.data.customProperties?.type === 'stories') return <StoriesStrip node={node} />;
  const query = catalogNodeQuery(node);
  return query ? <CatalogRail node={node} query={query} /> : undefined;
}

/** True when a home made only of catalog rows has nothing to show: a new tenant before its catalog. */
function useEmptyCatalogHome(nodes: ConfigNode[] | undefined): boolean {
  const onlyCatalog = nodes !== undefined && nodes.length > 0 && nodes.every((node) => catalogNodeQuery(node) !== null);
  const lang = useCurrentLanguage();
  // The template's own row (sort: new): the same query its rail makes, so it is asked once.
  const newest = useInfiniteQuery({ ...getArticlesQueryOptions({ sort: 'new' }, lang), enabled: onlyCatalog });
  return onlyCatalog && newest.isSuccess && (newest.data.pages[0]?.entries.length ?? 0) === 0;
}

export default function HomePage() {
  const { t } = useTranslation();
  const home = useStructure('home');
  const emptyCatalog = useEmptyCatalogHome(home.data?.substructure);

  return (
    <>
      <h1 className="sr-only">{t('meta.home.title')}</h1>
      {home.isPending ? (
        <StructureSkeleton />
      ) : home.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4 py-24 text-center">
          <p className="text-lg text-muted">{t('home.loadError')}</p>
          <Button onClick={() => void home.refetch()}>{t('home.retry')}</Button>
        </div>
      ) : (home.data.substructure ?? []).length === 0 || emptyCatalog ? (
        <p className="py-24 text-center text-lg text-muted">{t('home.empty')}</p>
      ) : (
        <StructureView structure={home.data} renderNode={homeNode} />
      )}
      {home.isSuccess && <AdSlot place="home" className="mt-8 sm:mt-10 lg:mt-12" />}
    </>
  );
}
