/**
 * The catalog (GET /backend/admin/catalog/articles): a filter bar kept in the address, the console's
 * grid of small rows on the server's pages (a row opens the article's editor), a new article, and a
 * catalog file imported (every article's field errors shown, nothing written unless all are valid)
 * or exported (downloaded).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { formatDate } from '@/lib/formatters';
import { DataTable } from '../components/data-table';
import { Field, INPUT_CLASS, Notice, PageHeader, Section } from '../components/fields';
import { errorOf, useConsole } from '../lib/console-context';
import { useAdminI18n } from '../lib/i18n-context';
import type { AdminKey } from '../lib/i18n';
import { catalogCalls, fieldErrors, type ArticleRow, type FieldError, type ImportCounts } from './catalog-api';
import {
  AVAILABILITIES,
  CATALOG_PAGE_SIZE,
  EMPTY_CATALOG_FILTERS,
  PRICE_MODELS,
  SECTIONS,
  SORTS,
  catalogFiltersFromSearch,
  catalogQuery,
  searchFromCatalogFilters,
  type CatalogFilters,
} from './catalog-filters';

const SELECT_CLASS = INPUT_CLASS;

function Filters({ filters, onApply }: { filters: CatalogFilters; onApply: (filters: CatalogFilters) => void }) {
  const { t } = useAdminI18n();
  const { register, handleSubmit, reset } = useForm<CatalogFilters>({ defaultValues: filters });
  const choice = (name: keyof CatalogFilters, values: readonly string[], label: (v: string) => string) => (
    <Field label={t(`catalog.filter.${name}` as AdminKey)}>
      {(ids) => (
        <select {...ids} className={SELECT_CLASS} {...register(name)}>
          <option value="">{t('catalog.filter.any')}</option>
          {values.map((v) => (
            <option key={v} value={v}>
              {label(v)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <form role="search" aria-label={t('catalog.filters')} onSubmit={(e) => void handleSubmit(onApply)(e)} className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
      <Field label={t('catalog.filter.q')} className="sm:col-span-2">
        {(ids) => <input {...ids} type="search" className={INPUT_CLASS} {...register('q')} />}
      </Field>
      <Field label={t('catalog.filter.type')}>
        {(ids) => <input {...ids} type="text" dir="ltr" className={INPUT_CLASS} {...register('type')} />}
      </Field>
      {choice('section', SECTIONS, (v) => v)}
      <Field label={t('catalog.filter.rating')}>
        {(ids) => <input {...ids} type="number" min={0} max={1000} className={INPUT_CLASS} {...register('rating')} />}
      </Field>
      {choice('availability', AVAILABILITIES, (v) => t(`catalog.state.${v}` as AdminKey))}
      <Field label={t('catalog.filter.licensor')}>
        {(ids) => <input {...ids} type="text" className={INPUT_CLASS} {...register('licensor')} />}
      </Field>
      {choice('hasMedia', ['true', 'false'], (v) => t(v === 'true' ? 'catalog.filter.withMedia' : 'catalog.filter.withoutMedia'))}
      {choice('priceModel', PRICE_MODELS, (v) => v)}
      {choice('sort', SORTS, (v) => t(`catalog.sort.${v}` as AdminKey))}
      {choice('order', ['asc', 'desc'], (v) => t(`catalog.sort.${v}` as AdminKey))}
      <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-4">
        <Button type="submit">{t('catalog.apply')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            reset(EMPTY_CATALOG_FILTERS);
            onApply(EMPTY_CATALOG_FILTERS);
          }}
        >
          {t('catalog.clear')}
        </Button>
      </div>
    </form>
  );
}

/** The import's refusal: every article's field errors. */
export function ErrorList({ errors }: { errors: FieldError[] }) {
  const { t } = useAdminI18n();
  return (
    <ul className="mt-2 list-disc ps-6" data-testid="catalog-errors">
      {errors.map((e, i) => (
        <li key={`${e.field}-${i}`}>
          {e.articleId != null && <span className="font-semibold">{t('catalog.article', { id: e.articleId })}: </span>}
          <code dir="ltr">{e.field}</code> <Ltr>{e.reason}</Ltr>
        </li>
      ))}
    </ul>
  );
}

function ImportExport() {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<{ counts?: ImportCounts; errors?: FieldError[]; failed?: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const importing = useMutation({
    mutationFn: async (file: File) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await file.text());
      } catch {
        throw new Error('not-json');
      }
      return catalogCalls.importFile(api, parsed);
    },
    onSuccess: (counts) => {
      setResult({ counts });
      void queryClient.invalidateQueries({ queryKey: ['admin', tenant, 'catalog'] });
    },
    onError: (error) => {
      if (error instanceof Error && error.message === 'not-json') return setResult({ failed: t('catalog.import.notJson') });
      const { code, data } = errorOf(error);
      if (code === 'VALIDATION_ERROR') return setResult({ errors: fieldErrors(data) });
      setResult({ failed: t('catalog.import.failed') });
    },
  });
  const exportFile = async () => {
    setExporting(true);
    try {
      const file = await catalogCalls.exportFile(api);
      const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `catalog-${tenant}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Section title={t('catalog.import.title')}>
      <p className="mb-3 text-sm text-muted">{t('catalog.import.intro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('catalog.import.file')}>
          {(ids) => (
            <input
              {...ids}
              ref={input}
              type="file"
              accept="application/json,.json"
              className="text-sm"
              onChange={(e) => {
                const file = e.target.files?.[0];
                // Nothing is written before the editor says so: an import replaces the articles of the same ids.
                if (file && window.confirm(t('catalog.import.confirm', { name: file.name }))) importing.mutate(file);
                e.target.value = '';
              }}
            />
          )}
        </Field>
        <Button variant="secondary" disabled={exporting} onClick={() => void exportFile()}>
          {exporting ? t('catalog.export.busy') : t('catalog.export.action')}
        </Button>
      </div>
      {importing.isPending && <p role="status" className="text-muted">{t('catalog.import.busy')}</p>}
      {result?.counts && <Notice tone="success">{t('catalog.import.done', { count: result.counts.articles })}</Notice>}
      {result?.failed && <Notice tone="error">{result.failed}</Notice>}
      {result?.errors && (
        <Notice tone="error">
          {t('catalog.import.refused', { count: result.errors.length })}
          <ErrorList errors={result.errors} />
        </Notice>
      )}
    </Section>
  );
}

const column = createColumnHelper<ArticleRow>();

export default function CatalogPage() {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const [search, setSearch] = useSearchParams();
  const { filters, page } = catalogFiltersFromSearch(search);
  const query = catalogQuery(filters, page, lang);
  const rows = useQuery({ queryKey: ['admin', tenant, 'catalog', 'list', query], queryFn: () => catalogCalls.list(api, query), placeholderData: keepPreviousData });
  const back = search.toString();

  const columns = useMemo(
    () => [
      column.accessor('id', { header: () => t('catalog.column.id'), cell: (info) => <Ltr>{String(info.getValue())}</Ltr> }),
      column.accessor('title', {
        header: () => t('catalog.column.title'),
        cell: (info) => (
          <Link to={`/catalog/${info.row.original.id}${back ? `?back=${encodeURIComponent(back)}` : ''}`} className="font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent">
            {info.getValue() || `#${info.row.original.id}`}
          </Link>
        ),
      }),
      column.accessor('contentType', { header: () => t('catalog.column.type'), cell: (info) => <code dir="ltr">{info.getValue()}</code> }),
      column.accessor('section', { header: () => t('catalog.column.section') }),
      column.accessor('state', { header: () => t('catalog.column.state'), cell: (info) => t(`catalog.state.${info.getValue()}` as AdminKey) }),
      column.accessor('licensor', { header: () => t('catalog.column.licensor') }),
      column.accessor('updatedAt', {
        header: () => t('catalog.column.updated'),
        cell: (info) => (info.getValue() ? <time dateTime={info.getValue()}>{formatDate(info.getValue(), lang, { dateStyle: 'medium', timeStyle: 'short' })}</time> : '—'),
      }),
    ],
    [t, lang, back],
  );
  const pages = rows.data ? Math.max(1, Math.ceil(rows.data.total / CATALOG_PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader title={t('catalog.title')} intro={t('catalog.intro')} />
      <div className="flex flex-col gap-6">
        <Section title={t('catalog.filters')}>
          <Filters key={search.toString()} filters={filters} onApply={(next) => setSearch(searchFromCatalogFilters(next, 1))} />
        </Section>
        <Section title={rows.data ? t('catalog.total', { count: rows.data.total }) : t('catalog.title')}>
          <div className="mb-4">
            <Link to="/catalog/new" className="inline-flex h-11 items-center rounded-xl bg-primary px-4 font-semibold text-primary-contrast focus-visible:outline-2 focus-visible:outline-accent">
              {t('catalog.create')}
            </Link>
          </div>
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
              align="middle"
            />
          )}
        </Section>
        <ImportExport />
      </div>
    </>
  );
}
