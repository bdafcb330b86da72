/** An endpoint's newest deliveries, each with every attempt (time, status, the answer's first bytes), and a resend. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { isLanguageCode } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { formatDate } from '@/lib/formatters';
import { DataTable } from '@/admin/components/data-table';
import { Notice } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { webhookCalls, type Delivery, type Endpoint } from '../webhooks-api';
import { webhookErrorText } from '../webhooks-errors';
import { webhookKeys } from '../webhooks-keys';

const column = createColumnHelper<Delivery>();
const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

export function Deliveries({ endpoint, onNotice }: { endpoint: Endpoint; onNotice: (tone: 'success' | 'error', text: string) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const key = webhookKeys.deliveries(tenant, endpoint.id);
  const deliveries = useQuery({ queryKey: key, queryFn: () => webhookCalls.deliveries(api, endpoint.id), refetchInterval: 5000 });
  const locale = isLanguageCode(lang) ? lang : 'en';
  const resend = useMutation({
    mutationFn: (d: Delivery) => webhookCalls.resend(api, d.id),
    onSuccess: (items, d) => {
      queryClient.setQueryData(key, items);
      onNotice('success', t('webhooks.resent', { event: d.eventType }));
    },
    onError: (error) => onNotice('error', webhookErrorText(t, error)),
  });
  const columns = useMemo(
    () => [
      column.accessor('createdAt', { header: () => t('webhooks.time'), cell: (info) => formatDate(info.getValue(), locale, WHEN) }),
      column.accessor('eventType', { header: () => t('webhooks.event'), cell: (info) => <span dir="ltr" className="break-all font-mono text-sm">{info.getValue()}</span> }),
      column.accessor('status', {
        header: () => t('webhooks.deliveryStatus'),
        cell: (info) => t(`webhooks.deliveryStatuses.${info.getValue() === 'delivered' ? 'delivered' : info.getValue() === 'failed' ? 'failed' : 'pending'}`),
      }),
      column.accessor('attempts', { header: () => t('webhooks.attempts'), cell: (info) => info.getValue().toLocaleString(locale) }),
      column.display({
        id: 'open',
        header: () => t('webhooks.actions'),
        enableSorting: false,
        cell: (info) => (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" aria-expanded={info.row.getIsExpanded()} onClick={info.row.getToggleExpandedHandler()}>
              {t('webhooks.showAttempts', { count: info.row.original.attemptList.length })}
            </Button>
            <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(info.row.original)}>
              {t('webhooks.resend')}
            </Button>
          </div>
        ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the cells read the mutation's state at render
    [t, locale, resend.isPending],
  );
  if (deliveries.isPending) return <p role="status" className="text-muted">{t('loading')}</p>;
  if (deliveries.isError) return <Notice tone="error">{webhookErrorText(t, deliveries.error)}</Notice>;
  return (
    <DataTable
      data={deliveries.data}
      columns={columns}
      getRowId={(row) => row.id}
      label={t('webhooks.deliveriesOf', { url: endpoint.url })}
      empty={t('webhooks.noDeliveries')}
      align="top"
      wide
      rowAttributes={(d) => ({ 'data-event': d.eventType, 'data-status': d.status })}
      renderDetails={(d) => (
        <ol className="flex flex-col gap-2" aria-label={t('webhooks.attemptsOf', { event: d.eventType })}>
          {d.attemptList.map((a, i) => (
            <li key={`${a.at}-${i}`} className="rounded-lg border border-border p-2 text-sm" data-attempt-status={a.status}>
              <span className="font-medium">{formatDate(a.at, locale, WHEN)}</span>
              {' · '}
              {a.status > 0 ? t('webhooks.answered', { status: a.status }) : t('webhooks.noAnswer')}
              {' · '}
              {t('webhooks.duration', { ms: a.durationMs })}
              {a.error && <span className="block text-danger"><Ltr>{a.error}</Ltr></span>}
              {a.answer && <pre dir="ltr" className="mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-bg p-2 font-mono text-xs">{a.answer}</pre>}
            </li>
          ))}
        </ol>
      )}
    />
  );
}
