/** One info service with today's lines: its title (a link to its page unless it is that page), the date and the subscribe button. */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { formatDate } from '@/lib/formatters';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import type { DailyService } from '../types';
import { SubscribeButton } from './subscribe-button';

export function DailyCard({ service, link = true, headingLevel = 2 }: { service: DailyService; link?: boolean; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article data-service={service.name} className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5 sm:p-6">
      <Heading className="text-xl font-bold">
        {link ? (
          <Link to={localize(`/partners/info-services/${encodeURIComponent(service.name)}`)} className="hover:underline">
            {service.title}
          </Link>
        ) : (
          service.title
        )}
      </Heading>
      <p className="text-muted">{service.description}</p>
      <div className="rounded-xl bg-bg p-4">
        <p className="mb-2 text-sm font-semibold text-muted">
          {t('infoServices.today', { date: formatDate(`${service.date}T12:00:00Z`, lang, { dateStyle: 'long', timeZone: 'UTC' }) })}
        </p>
        <ul className="flex flex-col gap-1">
          {service.lines.map((line, i) => (
            <li key={i} className={service.kind === 'results' ? 'font-medium tabular-nums' : 'text-lg'} dir="auto">
              {line}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <SubscribeButton serviceId={service.serviceId} subscribed={service.subscribed} title={service.title} />
      </div>
    </article>
  );
}
