/** The home page: the tenant's `home` structure (hero banner, stories, rails, grids). */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { useStructure } from '@/features/structure/api/get-structure';
import { StructureSkeleton } from '@/features/structure/components/structure-skeleton';
import { StructureView } from '@/features/structure/components/structure-view';
import { StoriesStrip } from '@/features/stories/components/stories-strip';
import { AdSlot } from '../ad-slot';

export default function HomePage() {
  const { t } = useTranslation();
  const home = useStructure('home');

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
      ) : (home.data.substructure ?? []).length === 0 ? (
        <p className="py-24 text-center text-lg text-muted">{t('home.empty')}</p>
      ) : (
        <StructureView structure={home.data} renderNode={(node) => (node.data.customProperties?.type === 'stories' ? <StoriesStrip node={node} /> : undefined)} />
      )}
      {home.isSuccess && <AdSlot place="home" className="mt-8 sm:mt-10 lg:mt-12" />}
    </>
  );
}
