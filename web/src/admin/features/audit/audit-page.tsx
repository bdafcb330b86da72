/**
 * The audit log (GET /backend/admin/audit): filters and page kept in the address (the action and the kind of object
 * chosen by name), the console's grid (components/data-table.tsx) on the server's pages, each entry's action and
 * object named in the console's language (audit-names.ts), whose rows open to the values before and after and the
 * action's code, and the CSV export of the filtered entries (codes, as the server keeps them).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { formatDate } from '@/lib/formatters';
import { DataTable } from '@/admin/components/data-table';
import { Field, INPUT_CLASS, Notice, PageHeader, SELECT_CLASS, Section } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { saveFile } from '@/admin/lib/download';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { isRole } from '@/admin/lib/roles';
import { auditCalls, type AuditEntry } from './audit-api';
import { auditQuery, EMPTY_FILTERS, FILTER_NAMES, filtersFromSearch, pageCount, searchFromFilters, type AuditFilters, type FilterName } from './audit-filters';
import { actionName, AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, namedChoices, objectTypeName } from './audit-names';
import { auditKeys } from './audit-keys';

const FILTER_TYPES: Record<FilterName, string> = { actor: 'text', action: 'text', objectType: 'text', objectId: 'text', from: 'date', to: 'date' };

function Filters({ filters, onApply }: { filters: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const { t, lang } = useAdminI18n();
  const { register, handleSubmit, reset } = useForm<AuditFilters>({ defaultValues: filters });
  const named: Partial<Record<FilterName, { value: string; label: string }[]>> = {
    action: namedChoices(AUDIT_ACTIONS, (code) => actionName(code, t), lang, filters.action),
    objectType: namedChoices(AUDIT_OBJECT_TYPES, (type) => objectTypeName(type, t), lang, filters.objectType),
  };
  return (
    <form role="search" aria-label={t('audit.filters')} onSubmit={(e) => void handleSubmit(onApply)(e)} className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
      {FILTER_NAMES.map((name) => {
        const choices = named[name];
        return (
          <Field key={name} label={t(`audit.${name}`)}>
            {(ids) =>
              choices ? (
                <select {...ids} className={SELECT_CLASS} {...register(name)}>
                  <option value="">{t('audit.any')}</option>
                  {choices.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...ids} type={FILTER_TYPES[name]} dir="ltr" className={INPUT_CLASS} {...register(name)} />
              )
            }
          </Field>
        );
      })}
      <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-3">
        <Button type="submit">{t('audit.apply')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            reset(EMPTY_FILTERS);
            onApply(EMPTY_FILTERS);
          }}
        >
          {t('audit.clear')}
        </Button>
      </div>
    </form>
  );
}

/** A value as JSON; a long one scrolls, so the block takes the keyboard focus (WCAG 2.1.1), named by its heading. */
function Json({ value, label }: { value: unknown; label: string }) {
  const { t } = useAdminI18n();
  if (value === null || value === undefined) return <p className="text-muted">{t('audit.none')}</p>;
  return (
    <pre dir="ltr" tabIndex={0} role="region" aria-label={label} className="max-h-80 overflow-auto rounded-lg border border-border bg-bg p-3 text-start text-xs focus-visible:outline-2 focus-visible:outline-accent">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** An entry's values before and after, and where the call came from. */
function Details({ entry }: { entry: AuditEntry }) {
  const { t } = useAdminI18n();
  return (
    <>
      {/* On a phone the table scrolls sideways; the details stay in view at its start. */}
      <div className="sticky start-3 grid max-w-[calc(100vw-5rem)] grid-cols-1 gap-4 lg:max-w-none lg:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-2 font-semibold">{t('audit.before')}</h3>
          <Json value={entry.before} label={t('audit.before')} />
        </div>
        <div className="min-w-0">
          <h3 className="mb-2 font-semibold">{t('audit.after')}</h3>
          <Json value={entry.after} label={t('audit.after')} />
        </div>
      </div>
      <dl className="sticky start-3 mt-3 grid max-w-[calc(100vw-5rem)] grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs">
        <dt className="font-semibold">{t('audit.actionCode')}</dt>
        <dd>
          <code dir="ltr">{entry.action}</code>
        </dd>
        <dt className="font-semibold">{t('audit.address')}</dt>
        <dd>
          <Ltr>{entry.clientAddress}</Ltr>
        </dd>
        <dt className="font-semibold">{t('audit.requestId')}</dt>
        <dd>
          <Ltr>{entry.requestId}</Ltr>
        </dd>
      </dl>
    </>
  );
}

const column = createColumnHelper<AuditEntry>();

export default function AuditPage() {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const [search, setSearch] = useSearchParams();
  const { filters, page } = filtersFromSearch(search);
  const query = auditQuery(filters, page);
  const audit = useQuery({ queryKey: auditKeys.list(tenant, query), queryFn: () => auditCalls.list(api, query), placeholderData: keepPreviousData });
  const [exporting, setExporting] = useState(false);

  const columns = useMemo(
    () => [
      column.display({
        id: 'expand',
        header: () => <span className="sr-only">{t('audit.details')}</span>,
        cell: ({ row }) => (
          <button
            type="button"
            aria-expanded={row.getIsExpanded()}
            aria-label={t(row.getIsExpanded() ? 'audit.hideDetails' : 'audit.showDetails', { id: row.original.id })}
            onClick={row.getToggleExpandedHandler()}
            className="inline-flex size-8 items-center justify-center rounded-full border border-border hover:bg-bg focus-visible:outline-2 focus-visible:outline-accent"
          >
            <span aria-hidden="true">{row.getIsExpanded() ? '−' : '+'}</span>
          </button>
        ),
      }),
      column.accessor('at', { header: () => t('audit.when'), cell: (info) => <time dateTime={info.getValue()} className="whitespace-nowrap">{formatDate(info.getValue(), lang, { dateStyle: 'medium', timeStyle: 'medium' })}</time> }),
      column.accessor('actorEmail', {
        header: () => t('audit.who'),
        cell: (info) => (
          <span className="flex flex-col">
            <Ltr>{info.getValue() || info.row.original.actorId}</Ltr>
            <span className="text-xs text-muted">{isRole(info.row.original.actorRole) ? t(`roles.${info.row.original.actorRole}`) : info.row.original.actorRole}</span>
          </span>
        ),
      }),
      column.accessor('action', { header: () => t('audit.action'), cell: (info) => actionName(info.getValue(), t) }),
      column.accessor('objectId', {
        header: () => t('audit.object'),
        cell: (info) => (
          <>
            {objectTypeName(info.row.original.objectType, t)} <Ltr>{info.getValue()}</Ltr>
          </>
        ),
      }),
      column.accessor('call', { header: () => t('audit.call'), cell: (info) => <code dir="ltr" className="inline-block min-w-48 text-xs break-all">{info.getValue()}</code> }),
    ],
    [t, lang],
  );
  const pages = audit.data ? pageCount(audit.data.total, audit.data.size) : 1;
  const goTo = (next: number) => setSearch(searchFromFilters(filters, next));

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(`audit-${tenant}.csv`, [await auditCalls.csv(api, auditQuery(filters, 1))], 'text/csv');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader title={t('audit.title')} intro={t('audit.intro')} />
      <div className="flex flex-col gap-6">
        <Section title={t('audit.filters')}>
          <Filters key={search.toString()} filters={filters} onApply={(next) => setSearch(searchFromFilters(next, 1))} />
        </Section>
        <Section title={audit.data ? t('audit.total', { count: audit.data.total }) : t('audit.title')}>
          <div className="mb-4">
            <Button variant="secondary" disabled={exporting} onClick={() => void exportCsv()}>
              {exporting ? t('audit.exporting') : t('audit.export')}
            </Button>
          </div>
          {audit.isPending ? (
            <p role="status" className="text-muted">{t('loading')}</p>
          ) : audit.isError ? (
            <Notice tone="error">{t('loadFailed')}</Notice>
          ) : (
            <DataTable
              data={audit.data.items}
              columns={columns}
              getRowId={(row) => String(row.id)}
              label={t('audit.title')}
              wide
              empty={t('audit.empty')}
              serverPages={{ page, pages, onPage: goTo }}
              renderDetails={(entry) => <Details entry={entry} />}
              rowAttributes={(entry) => ({ 'data-action': entry.action })}
              align="top"
            />
          )}
        </Section>
      </div>
    </>
  );
}
