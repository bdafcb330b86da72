/** The tenant's batches in the console's grid on the server's pages, each opening its page. */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-class';
import { Ltr } from '@/components/ui/ltr-text';
import { DataTable } from '@/admin/components/data-table';
import { Notice } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { PAGE_SIZE, day, errorText, useLang } from '../voucher-format';
import { pageCount } from '../vouchers';
import { voucherCalls, type VoucherBatch } from '../vouchers-api';
import { BatchStatus, Counts, Grants } from './batch-parts';
import { voucherKeys } from '../voucher-keys';

const SOURCES = ['console', 'cli', 'demo', 'legacy'] as const;

const batchColumn = createColumnHelper<VoucherBatch>();

export function BatchList() {
  const { t } = useAdminI18n();
  const lang = useLang();
  const { api, tenant } = useConsole();
  const [page, setPage] = useState(1);
  const batches = useQuery({ queryKey: voucherKeys.batchesPage(tenant, page), queryFn: () => voucherCalls.batches(api, page, PAGE_SIZE) });
  const columns = useMemo(
    () => [
      batchColumn.accessor('createdAt', {
        header: () => t('vouchers.created'),
        cell: (info) => (
          <span className="flex flex-col">
            <span>{day(info.getValue(), lang)}</span>
            <span className="text-xs text-muted">
              <Ltr>{info.row.original.createdByEmail || info.row.original.createdBy}</Ltr>
              {' · '}
              {(() => {
                const source = SOURCES.find((s) => s === info.row.original.source);
                return source ? t(`vouchers.source.${source}`) : info.row.original.source;
              })()}
            </span>
          </span>
        ),
      }),
      batchColumn.display({ id: 'grants', header: () => t('vouchers.grants'), cell: (info) => <Grants batch={info.row.original} /> }),
      batchColumn.accessor('note', { header: () => t('vouchers.note'), cell: (info) => <span className="line-clamp-2 max-w-56 break-words">{info.getValue()}</span> }),
      batchColumn.display({ id: 'window', header: () => t('vouchers.validity'), cell: (info) => `${day(info.row.original.validFrom, lang)} – ${day(info.row.original.validUntil, lang)}` }),
      batchColumn.display({ id: 'counts', header: () => t('vouchers.codes'), cell: (info) => <Counts batch={info.row.original} /> }),
      batchColumn.display({ id: 'status', header: () => t('vouchers.status'), cell: (info) => <BatchStatus batch={info.row.original} /> }),
      batchColumn.display({
        id: 'open',
        header: () => <span className="sr-only">{t('vouchers.details')}</span>,
        cell: (info) => (
          <Link to={`/vouchers/${encodeURIComponent(info.row.original.id)}`} className={buttonClass('secondary', 'whitespace-nowrap')} aria-label={t('vouchers.detailsOf', { note: info.row.original.note || day(info.row.original.createdAt, lang) })}>
            {t('vouchers.details')}
          </Link>
        ),
      }),
    ],
    [t, lang],
  );
  if (batches.isPending) return <p role="status" className="text-muted">{t('loading')}</p>;
  if (batches.isError) return <Notice tone="error">{errorText(t, batches.error)}</Notice>;
  return (
    <>
      <p className="mb-3 text-sm text-muted">{t('vouchers.batchesTotal', { count: batches.data.total })}</p>
      <DataTable
        data={batches.data.items}
        columns={columns}
        getRowId={(row) => row.id}
        label={t('vouchers.batches')}
        wide
        empty={t('vouchers.empty')}
        align="top"
        serverPages={{ page, pages: pageCount(batches.data.total, batches.data.size), onPage: setPage }}
        rowAttributes={(batch) => ({ 'data-batch': batch.id })}
      />
    </>
  );
}
