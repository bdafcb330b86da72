/**
 * A dry run's rows (POST /backend/admin/catalog/import/dry-run) in the console's grid: each row that would change or
 * has errors — its row and id, title, what happens, every change (field, before → after) and every error by column,
 * the errors highlighted. Ids, columns and values are isolated so a right-to-left page keeps their order.
 */
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Ltr } from '@/components/ui/ltr-text';
import { formatNumber } from '@/lib/formatters';
import { DataTable } from '@/admin/components/data-table';
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { CatalogPlanRow } from '../catalog-api';

const column = createColumnHelper<CatalogPlanRow>();

export function DryRunTable({ rows }: { rows: CatalogPlanRow[] }) {
  const { t, lang } = useAdminI18n();
  const columns = useMemo(
    () => [
      column.accessor('row', { header: () => t('catalog.file.col.row'), cell: (info) => formatNumber(info.getValue(), lang) }),
      column.accessor('id', { header: () => t('catalog.file.col.id'), cell: (info) => <Ltr>{String(info.getValue())}</Ltr> }),
      column.accessor('title', { header: () => t('catalog.file.col.title'), cell: (info) => <bdi>{info.getValue()}</bdi> }),
      column.accessor('action', {
        header: () => t('catalog.file.col.action'),
        cell: (info) => (
          <span className={info.getValue() === 'invalid' ? 'font-semibold text-danger' : ''}>{t(`catalog.file.action.${info.getValue()}` as AdminKey)}</span>
        ),
      }),
      column.display({
        id: 'changes',
        header: () => t('catalog.file.col.changes'),
        cell: (info) => (
          <ul className="flex flex-col gap-1">
            {info.row.original.changes.map((c) => {
              const failed = info.row.original.errors.some((e) => e.column === c.field);
              return (
                <li key={c.field} data-field={c.field} className={failed ? 'rounded bg-red-50 px-1 text-red-900 dark:bg-red-950 dark:text-red-100' : ''}>
                  <code dir="ltr">{c.field}</code>{' '}
                  <bdi className="text-muted">{c.before || t('catalog.file.emptyValue')}</bdi> {t('catalog.file.arrow')}{' '}
                  <bdi>{c.after || t('catalog.file.emptyValue')}</bdi>
                </li>
              );
            })}
          </ul>
        ),
      }),
      column.display({
        id: 'errors',
        header: () => t('catalog.file.col.errors'),
        cell: (info) =>
          info.row.original.errors.length ? (
            <ul className="flex flex-col gap-1" data-testid="row-errors">
              {info.row.original.errors.map((e, i) => (
                <li key={`${e.column}-${i}`} data-column={e.column} className="rounded bg-red-50 px-1 text-red-900 dark:bg-red-950 dark:text-red-100">
                  <code dir="ltr" className="font-semibold">{e.column}</code> <Ltr>{e.reason}</Ltr>
                </li>
              ))}
            </ul>
          ) : null,
      }),
    ],
    [t, lang],
  );
  return (
    <DataTable
      data={rows}
      columns={columns}
      getRowId={(row) => String(row.row)}
      label={t('catalog.file.tableLabel')}
      empty={t('catalog.file.nothingToApply')}
      pageSize={50}
      rowAttributes={(row) => ({ 'data-row': String(row.row), 'data-action': row.action })}
      wide
    />
  );
}
