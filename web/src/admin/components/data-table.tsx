/**
 * The console's grid (TanStack Table), one for every list page (staff, audit, and the catalog,
 * customer and report pages to come): column headers that sort, pages (the server's, or its own over
 * the rows it holds), an empty state, rows that open to details, and keyboard focus — Tab reaches the
 * grid once, the arrow keys, Home and End move between rows, Enter or Space opens a row's details. A
 * grid wider than the screen scrolls sideways in its own region (a tab stop of its own), never the page.
 */
import {
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type Row,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { Fragment, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useAdminI18n } from '../lib/i18n-context';
import { ScrollRegion } from './scroll-region';

/** The server's pages (the pager's props): the page shown (from 1), how many there are, and how to go to another. */
export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

export interface DataTableProps<T> {
  data: T[];
  // Columns of any value type, as createColumnHelper makes them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own ColumnDef<T, any> idiom
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  /** Names the grid for assistive technology. */
  label: string;
  /** Shown instead of the grid when there are no rows. */
  empty: ReactNode;
  /** Sorts by a column header; a column opts out with `enableSorting: false`. Off where the server orders (its pages). */
  sortable?: boolean;
  /** The order first shown, e.g. [{ id: 'createdAt', desc: true }]. */
  initialSorting?: SortingState;
  /** The server's pages; without them the table pages its rows itself, `pageSize` a page. */
  serverPages?: PagerProps;
  pageSize?: number;
  /** A row's details, shown under it when opened (a column may hold the toggle: row.getToggleExpandedHandler()). */
  renderDetails?: (row: T) => ReactNode;
  /** Extra attributes of a row's <tr> (data-* hooks for tests and styles). */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  /** How cells line up: top for rows that open, middle for rows of controls. */
  align?: 'top' | 'middle';
  /**
   * Rows that can be selected for a bulk action (TanStack's row selection, keyed by getRowId): a first column of
   * check boxes, its header selecting the rows shown. `label` names a row's box for assistive technology.
   */
  selection?: {
    state: RowSelectionState;
    onChange: OnChangeFn<RowSelectionState>;
    rowLabel: (row: T) => string;
    pageLabel: string;
  };
  /** Many columns: the grid keeps at least 40rem and a phone scrolls it in its region, rather than squeezing each column to a stack of single words. */
  wide?: boolean;
}

const FOCUS_RING = 'outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent';

function Pager({ page, pages, onPage }: PagerProps) {
  const { t } = useAdminI18n();
  return (
    <nav aria-label={t('table.pages')} className="mt-4 flex flex-wrap items-center gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('table.previous')}
      </Button>
      <span className="text-sm">{t('table.page', { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('table.next')}
      </Button>
    </nav>
  );
}

function SortMark({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <span aria-hidden="true" className={`text-xs ${direction ? '' : 'opacity-40'}`}>
      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
    </span>
  );
}

const CHECK_CLASS = 'size-5 accent-[var(--color-primary)] focus-visible:outline-2 focus-visible:outline-accent';

/** The check box column of a grid whose rows can be selected (DataTableProps.selection). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own ColumnDef<T, any> idiom
function selectColumn<T>(selection: NonNullable<DataTableProps<T>['selection']>): ColumnDef<T, any> {
  return {
    id: 'select',
    enableSorting: false,
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label={selection.pageLabel}
        className={CHECK_CLASS}
        checked={table.getIsAllRowsSelected()}
        ref={(box) => {
          if (box) box.indeterminate = table.getIsSomeRowsSelected();
        }}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={selection.rowLabel(row.original)}
        className={CHECK_CLASS}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}

export function DataTable<T>({
  data,
  columns,
  getRowId,
  label,
  empty,
  sortable = false,
  initialSorting = [],
  serverPages,
  pageSize = 25,
  renderDetails,
  rowAttributes,
  align = 'middle',
  wide = false,
  selection,
}: DataTableProps<T>) {
  const { t } = useAdminI18n();
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize });
  const [focused, setFocused] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);
  const ownPages = serverPages === undefined;

  const allColumns = selection ? [selectColumn(selection), ...columns] : columns;
  // TanStack Table keeps its own state outside React's compiler model.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns: allColumns,
    getRowId,
    state: { sorting, ...(ownPages ? { pagination } : {}), ...(selection ? { rowSelection: selection.state } : {}) },
    enableRowSelection: Boolean(selection),
    ...(selection ? { onRowSelectionChange: selection.onChange } : {}),
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    enableSorting: sortable,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    ...(ownPages ? { getPaginationRowModel: getPaginationRowModel(), autoResetPageIndex: true } : {}),
    ...(renderDetails ? { getExpandedRowModel: getExpandedRowModel(), getRowCanExpand: () => true } : {}),
  });

  const rows = table.getRowModel().rows;
  const current = Math.min(focused, Math.max(0, rows.length - 1));

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setFocused(next);
    body.current?.querySelectorAll<HTMLTableRowElement>('tr[data-row]')[next]?.focus();
  };
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, row: Row<T>, index: number) => {
    // Keys typed in a cell's own control (a select, a button) are the control's.
    if (event.target !== event.currentTarget) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(index + 1),
      ArrowUp: () => moveTo(index - 1),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      ...(renderDetails ? { Enter: () => row.toggleExpanded(), ' ': () => row.toggleExpanded() } : {}),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const pager = serverPages ? (
    <Pager {...serverPages} />
  ) : table.getPageCount() > 1 ? (
    <Pager page={pagination.pageIndex + 1} pages={table.getPageCount()} onPage={(page) => table.setPageIndex(page - 1)} />
  ) : null;

  if (data.length === 0) {
    return (
      <>
        <p className="text-muted">{empty}</p>
        {serverPages && pager}
      </>
    );
  }

  const cellAlign = align === 'top' ? 'align-top' : 'align-middle';
  return (
    <>
      <ScrollRegion label={label}>
        <table aria-label={label} className={`w-full border-collapse text-start text-sm ${wide ? 'min-w-[40rem]' : ''}`}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b border-border">
                {group.headers.map((header) => {
                  const direction = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={canSort ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined}
                      className="px-3 py-2 text-start font-semibold whitespace-nowrap text-muted"
                    >
                      {canSort ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          title={t('table.sort')}
                          className={`inline-flex items-center gap-1 rounded font-semibold hover:text-text ${FOCUS_RING}`}
                        >
                          {content}
                          <SortMark direction={direction} />
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody ref={body}>
            {rows.map((row, index) => (
              <Fragment key={row.id}>
                <tr
                  data-row=""
                  {...rowAttributes?.(row.original)}
                  tabIndex={index === current ? 0 : -1}
                  onFocus={(event) => event.target === event.currentTarget && setFocused(index)}
                  onKeyDown={(event) => onRowKey(event, row, index)}
                  className={`border-b border-border last:border-0 ${FOCUS_RING}`}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={`px-3 py-2 ${cellAlign}`}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
                {renderDetails && row.getIsExpanded() && (
                  <tr className="border-b border-border bg-bg/50">
                    <td colSpan={row.getVisibleCells().length} className="px-3 py-3">
                      {renderDetails(row.original)}
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {pager}
    </>
  );
}
