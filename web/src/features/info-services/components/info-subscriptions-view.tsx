/**
 * /profile/info-service-subscriptions: the caller's info services with today's lines (daily-abo) and
 * the date each started; unsubscribing takes a service off the list.
 */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-class';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/formatters';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { useDailyAbo } from '../api/get-daily-abo';
import { useInfoSubscriptions } from '../api/get-subscriptions';
import { DailyCard } from './daily-card';

export function InfoSubscriptionsView() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const subscriptions = useInfoSubscriptions();
  const daily = useDailyAbo();
  if (subscriptions.isPending || daily.isPending) return <Skeleton className="h-64" />;
  if (subscriptions.isError || daily.isError) return <p role="alert" className="text-muted">{t('infoServices.loadError')}</p>;
  const browse = (
    <Link to={localize('/partners/info-services')} className={buttonClass(subscriptions.data.length ? 'secondary' : 'primary', 'self-start')}>
      {t('infoServices.browse')}
    </Link>
  );
  if (subscriptions.data.length === 0)
    return (
      <div className="flex flex-col items-start gap-4">
        <p className="text-lg text-muted">{t('infoServices.noSubscriptions')}</p>
        {browse}
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4" data-testid="info-subscriptions">
        {subscriptions.data.map((s) => {
          const today = daily.data.find((d) => d.serviceId === s.serviceId);
          return (
            <li key={s.serviceId} className="flex flex-col gap-1">
              <p className="text-sm text-muted">{t('infoServices.since', { date: formatDate(s.subscribedAt, lang) })}</p>
              {today ? <DailyCard service={today} headingLevel={2} /> : <p className="font-bold">{s.title}</p>}
            </li>
          );
        })}
      </ul>
      {browse}
    </div>
  );
}
