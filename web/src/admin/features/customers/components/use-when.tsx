/** The customer page's dates and times, in the console's language (a date alone where the time says nothing). */
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/formatters';
import { useAdminI18n } from '@/admin/lib/i18n-context';

export function useWhen() {
  const { lang } = useAdminI18n();
  return (value: string | null | undefined, withTime = true): ReactNode =>
    value ? (
      <time dateTime={value} className="whitespace-nowrap">
        {formatDate(value, lang, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' })}
      </time>
    ) : (
      ''
    );
}
