/** /partners/info-services/:name: one info service with today's lines and the subscribe button. */
import { useTranslation } from '@/lib/use-translation';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button-class';
import { Skeleton } from '@/components/ui/skeleton';
import { useLocalizePath } from '@/lib/use-language';
import { useDaily } from '../api/get-daily';
import { DailyCard } from './daily-card';

export function InfoServiceView() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  const localize = useLocalizePath();
  const daily = useDaily();
  if (daily.isPending) return <Skeleton className="h-64" />;
  if (daily.isError) return <p role="alert" className="text-muted">{t('infoServices.loadError')}</p>;
  const service = daily.data.find((s) => s.name === name);
  return (
    <div className="flex flex-col gap-4">
      {service ? <DailyCard service={service} link={false} /> : <p className="text-lg text-muted">{t('infoServices.notFound')}</p>}
      <Link to={localize('/partners/info-services')} className={buttonClass('secondary', 'self-start')}>
        {t('infoServices.all')}
      </Link>
    </div>
  );
}
