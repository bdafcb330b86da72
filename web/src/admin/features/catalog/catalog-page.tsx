/**
 * The catalog (GET /backend/admin/catalog/articles): a filter bar kept in the address, the console's
 * grid of small rows on the server's pages (a row opens the article's editor, catalog-editor-page.tsx),
 * a new article, and the catalog as a file: the filtered articles exported, a file dry-run and applied
 * (components/catalog-file.tsx).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Ltr } from '@/components/ui/ltr-text';
import { formatDate } from '@/lib/formatters';
import { DataTable } from '@/admin/components/data-table';
import { Notice, PageHeader, Section } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { contentTypeName, sectionName } from '@/admin/lib/content-names';
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { catalogCalls, type ArticleRow } from './catalog-api';
import { CATALOG_PAGE_SIZE, catalogFiltersFromSearch, catalogQuery, searchFromCatalogFilters } from './catalog-filters';
import { CatalogFilterForm } from './components/catalog-filter-form';
import { CatalogFile } from './components/catalog-file';
import { catalogKeys } from './catalog-keys';
import { CatalogBulk } from './components/catalog-bulk';
import { selectedIds, type BulkSelection } from '@/admin/lib/bulk-job';
import { mayEditCatalog } from '@/admin/lib/roles';

const column = createColumnHelper<ArticleRow>();

export default function CatalogPage() {
  const { t, lang } = useAdminI18n();
  const { api, tenant, me } = useConsole();
  const editor = mayEditCatalog(me.role);
  const [search, setSearch] = useSearchParams();
  const { filters, page } = catalogFiltersFromSearch(search);
  const query = catalogQuery(filters, page, lang);
  const rows = useQuery({ queryKey: catalogKeys.list(tenant, query), queryFn: () => catalogCalls.list(api, query), placeholderData: keepPreviousData });
  const back = search.toString();
  // The rows selected for a bulk action (kept across pages), or every row the filter matches; a new filter clears it.
  const [picked, setPicked] = useState<RowSelectionState>({});
  const [allMatching, setAllMatching] = useState(false);
  const [selectionFor, setSelectionFor] = useState(JSON.stringify(filters));
  if (selectionFor !== JSON.stringify(filters)) {
    setSelectionFor(JSON.stringify(filters));
    setPicked({});
    setAllMatching(false);
  }
  const total = rows.data?.total ?? 0;
  const shownSelection: RowSelectionState = allMatching ? Object.fromEntries((rows.data?.entries ?? []).map((r) => [String(r.id), true])) : picked;
  const selection: BulkSelection = allMatching ? { all: true, total } : { all: false, ids: selectedIds(picked) };

  const columns = useMemo(
    () => [
      column.accessor('id', { header: () => t('catalog.column.id'), cell: (info) => <Ltr>{String(info.getValue())}</Ltr> }),
      column.accessor('title', {
        header: () => t('catalog.column.title'),
        // Finance lists the catalog to price it; an article's editor is an editor's.
        cell: (info) => !editor ? (info.getValue() || `#${info.row.original.id}`) : (
          <Link to={`/catalog/${info.row.original.id}${back ? `?back=${encodeURIComponent(back)}` : ''}`} className="font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent">
            {info.getValue() || `#${info.row.original.id}`}
          </Link>
        ),
      }),
      column.accessor('contentType', { header: () => t('catalog.column.type'), cell: (info) => contentTypeName(info.getValue(), t) }),
      column.accessor('section', { header: () => t('catalog.column.section'), cell: (info) => sectionName(info.getValue(), t) }),
      column.accessor('state', { header: () => t('catalog.column.state'), cell: (info) => t(`catalog.state.${info.getValue()}` as AdminKey) }),
      column.accessor('licensor', { header: () => t('catalog.column.licensor') }),
      column.accessor('updatedAt', {
        header: () => t('catalog.column.updated'),
        cell: (info) => (info.getValue() ? <time dateTime={info.getValue()}>{formatDate(info.getValue(), lang, { dateStyle: 'medium', timeStyle: 'short' })}</time> : '—'),
      }),
    ],
    [t, lang, back, editor],
  );
  const pages = rows.data ? Math.max(1, Math.ceil(rows.data.total / CATALOG_PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader title={t('catalog.title')} intro={t('catalog.intro')} />
      <div className="flex flex-col gap-6">
        <Section title={t('catalog.filters')}>
          <CatalogFilterForm key={search.toString()} filters={filters} onApply={(next) => setSearch(searchFromCatalogFilters(next, 1))} />
        </Section>
        <Section title={rows.data ? t('catalog.total', { count: rows.data.total }) : t('catalog.title')}>
          {editor && <div className="mb-4">
            <Link to="/catalog/new" className="inline-flex h-11 items-center rounded-xl bg-primary px-4 font-semibold text-primary-contrast focus-visible:outline-2 focus-visible:outline-accent">
              {t('catalog.create')}
            </Link>
          </div>}
          {rows.data && (
            <CatalogBulk
              selection={selection}
              pageIds={rows.data.entries.map((r) => String(r.id))}
              total={total}
              filters={filters}
              onSelectAll={() => setAllMatching(true)}
              onClear={() => {
                setAllMatching(false);
                setPicked({});
              }}
            />
          )}
          {rows.isPending ? (
            <p role="status" className="text-muted">{t('loading')}</p>
          ) : rows.isError ? (
            <Notice tone="error">{t('loadFailed')}</Notice>
          ) : (
            <DataTable
              data={rows.data.entries}
              columns={columns}
              getRowId={(row) => String(row.id)}
              label={t('catalog.title')}
              empty={t('catalog.empty')}
              serverPages={{ page, pages, onPage: (next) => setSearch(searchFromCatalogFilters(filters, next)) }}
              rowAttributes={(row) => ({ 'data-article': String(row.id) })}
              selection={{
                state: shownSelection,
                onChange: (change) => {
                  setAllMatching(false);
                  setPicked(typeof change === 'function' ? change(shownSelection) : change);
                },
                rowLabel: (row) => t('bulk.selectRow', { name: row.title || `#${row.id}` }),
                pageLabel: t('bulk.selectPage'),
              }}
              align="middle"
            />
          )}
        </Section>
        {editor && <CatalogFile filters={filters} />}
      </div>
    </>
  );
}
