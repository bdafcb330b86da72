/** What every report shows above its figures: loading, a failure, or when the figures were computed. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Notice } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { formatTimestamp } from './format';

export function ReportState<T extends { refreshedAt?: string | null | undefined }>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t, lang } = useAdminI18n();
  if (query.isPending) return <p role="status" className="text-muted">{t('loading')}</p>;
  if (query.isError) return <Notice tone="error">{t('loadFailed')}</Notice>;
  const data = query.data;
  return (
    <>
      <p className="text-sm text-muted" data-refreshed={data.refreshedAt ?? ''}>
        {data.refreshedAt ? t('reports.refreshedAt', { time: formatTimestamp(data.refreshedAt, lang) }) : t('reports.notRefreshed')}
      </p>
      {children(data)}
    </>
  );
}
