import { useTranslation } from '@/lib/use-translation';
import { Skeleton } from '@/components/ui/skeleton';

/** The shape of a details page while its article loads. */
export function DetailsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-8">
      <span className="sr-only">{t('catalog.loading')}</span>
      <div className="flex flex-col gap-6 rounded-3xl border border-border p-4 sm:p-6 md:flex-row md:items-end lg:p-10">
        <Skeleton className="aspect-square w-full max-w-72 rounded-2xl md:w-64" />
        <div className="flex flex-1 flex-col gap-4">
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-10 w-40" />
        </div>
      </div>
      <Skeleton className="h-24 w-full max-w-3xl" />
    </div>
  );
}
