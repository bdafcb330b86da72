import { useTranslation } from '@/lib/use-translation';
import { Skeleton } from '@/components/ui/skeleton';

/** The shape of a home page (hero, then rails) while its structure loads. */
export function StructureSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-10">
      <span className="sr-only">{t('site.loading')}</span>
      <Skeleton className="aspect-[4/3] w-full rounded-2xl sm:aspect-[16/7] xl:aspect-[16/6]" />
      {[0, 1].map((row) => (
        <div key={row}>
          <Skeleton className="mb-4 h-6 w-48" />
          <div className="flex gap-4 overflow-hidden">
            {[0, 1, 2, 3, 4].map((card) => (
              <Skeleton key={card} className="aspect-video w-64 shrink-0 sm:w-72 lg:w-80" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
