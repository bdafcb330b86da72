/**
 * One figure of a report: a titled section with its chart, the same figures as a data table (the
 * console's grid; shown by "Show as table", and always in the page for screen readers, which read
 * the table instead of the chart) and a CSV export of that table made in the browser.
 */
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/admin/components/data-table';
import { Section } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { Chart } from './chart';
import type { ChartSpec } from './chart-option';
import { csvFileName, downloadCsv, toCsv } from '@/admin/lib/csv';
import type { ReportColumn } from './report-model';

export function ReportTable<T>({ rows, columns, getRowId, label, fileName }: { rows: T[]; columns: ReportColumn<T>[]; getRowId: (row: T) => string; label: string; fileName: string[] }) {
  const { t } = useAdminI18n();
  const gridColumns = useMemo(() => {
    const helper = createColumnHelper<T>();
    return columns.map((column) => helper.display({ id: column.id, header: () => column.header, cell: (info) => column.cell(info.row.original) }));
  }, [columns]);
  const exportCsv = () => {
    const data = columns.flatMap((c) => (c.csv ? [{ header: c.header, value: c.csv }] : []));
    downloadCsv(csvFileName(...fileName), toCsv(data.map((c) => c.header), rows.map((row) => data.map((c) => c.value(row)))));
  };
  return (
    <div className="flex flex-col gap-3">
      <DataTable data={rows} columns={gridColumns} getRowId={getRowId} label={label} empty={t('reports.empty')} pageSize={50} wide={columns.length > 5} />
      {rows.length > 0 && (
        <div>
          <Button variant="secondary" onClick={exportCsv}>
            {t('reports.exportCsv')}
          </Button>
        </div>
      )}
    </div>
  );
}

export function ReportPanel<T>({
  title,
  chart,
  rows,
  columns,
  getRowId,
  fileName,
  children,
}: {
  title: string;
  chart?: ChartSpec | undefined;
  rows: T[];
  columns: ReportColumn<T>[];
  getRowId: (row: T) => string;
  fileName: string[];
  children?: ReactNode;
}) {
  const { t } = useAdminI18n();
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const table = <ReportTable rows={rows} columns={columns} getRowId={getRowId} label={title} fileName={fileName} />;
  return (
    <Section title={title}>
      {children}
      {chart && rows.length > 0 ? (
        <div className="flex flex-col gap-3">
          <div>
            <Button variant="secondary" aria-pressed={tableShown} aria-controls={tableId} onClick={() => setTableShown((shown) => !shown)}>
              {t('reports.showTable')}
            </Button>
          </div>
          <Chart spec={chart} label={t('reports.chartLabel', { title })} />
          {/* Out of sight and out of reach until shown: no keyboard stop lands in an invisible table (its scroll
              region, sort and CSV buttons); "Show table" is the way to the figures for every reader. */}
          <div id={tableId} className={tableShown ? '' : 'sr-only'} inert={!tableShown} data-table-shown={tableShown ? 'true' : 'false'}>
            {table}
          </div>
        </div>
      ) : (
        table
      )}
    </Section>
  );
}

/** A row of headline figures (totals, rates, MRR). */
export function Figures({ items }: { items: { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl border border-border bg-bg px-3 py-2">
          <dt className="text-xs text-muted">{item.label}</dt>
          <dd className="text-lg font-semibold">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
