/** /partners/info-services: every info service of the tenant with what it says today. */
import { useTranslation } from '@/lib/use-translation';
import { Skeleton } from '@/components/ui/skeleton';
import { useDaily } from '../api/get-daily';
import { DailyCard } from './daily-card';

export function InfoServicesView() {
  const { t } = useTranslation();
  const daily = useDaily();
  if (daily.isPending)
    return (
      <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
        {[0, 1, 2].map((i) => <Skeleton key={i} className="h-64" />)}
      </div>
    );
  if (daily.isError) return <p role="alert" className="text-muted">{t('infoServices.loadError')}</p>;
  if (daily.data.length === 0) return <p className="py-12 text-center text-lg text-muted">{t('infoServices.none')}</p>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {daily.data.map((service) => <DailyCard key={service.serviceId} service={service} />)}
    </div>
  );
}
