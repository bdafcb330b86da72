/**
 * Customers (GET /backend/admin/customers): one search box for an e-mail (or its beginning), an
 * MSISDN, a user id, a payment id or reference, or a voucher code, the query kept in the address
 * (?q=, and ?tenant=all for a platform administrator), and the matches in the console's grid, each
 * opening the customer's page.
 */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { formatDate } from '@/lib/formatters';
import { DataTable } from '@/admin/components/data-table';
import { Field, INPUT_CLASS, Notice, PageHeader, Section } from '@/admin/components/fields';
import { selectedIds } from '@/admin/lib/bulk-job';
import { useConsole } from '@/admin/lib/console-context';
import { mayActOnCustomers } from '@/admin/lib/roles';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { customerCalls, type CustomerMatch } from './customers-api';
import { isMatchKey, searchOf, type SearchForm } from './customer-model';
import { customerKeys } from './customer-keys';
import { CustomersBulk } from './components/customers-bulk';

const column = createColumnHelper<CustomerMatch>();

export default function CustomersPage() {
  const { t, lang } = useAdminI18n();
  const { api, tenant, me } = useConsole();
  const [search, setSearch] = useSearchParams();
  const q = (search.get('q') ?? '').trim();
  const all = me.role === 'platform_admin' && search.get('tenant') === 'all';
  const found = useQuery({
    queryKey: customerKeys.search(tenant, q, all),
    queryFn: () => customerCalls.search(api, q, all ? 'all' : undefined),
    enabled: q.length > 0,
  });
  const { register, handleSubmit } = useForm<SearchForm>({ defaultValues: { q, all } });
  const onSearch = (form: SearchForm) => setSearch(searchOf(form));
  // Customers picked for a bulk action (support, admins, owners: those who may act on one); a new search clears them.
  const mayAct = mayActOnCustomers(me.role);
  const [picked, setPicked] = useState<RowSelectionState>({});
  const [pickedFor, setPickedFor] = useState(q);
  if (pickedFor !== q) {
    setPickedFor(q);
    setPicked({});
  }

  const columns = useMemo(
    () => [
      column.accessor('email', {
        header: () => t('customers.customer'),
        cell: (info) => {
          const m = info.row.original;
          const label = m.email ?? m.msisdn ?? m.userId;
          return (
            <span className="flex flex-col">
              <Link to={`/customers/${encodeURIComponent(m.uuid)}`} className="font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent">
                <Ltr>{label}</Ltr>
              </Link>
              {m.name && <span className="text-xs text-muted">{m.name}</span>}
            </span>
          );
        },
      }),
      column.accessor('msisdn', { header: () => t('customers.msisdn'), cell: (info) => (info.getValue() ? <Ltr>{info.getValue()}</Ltr> : '') }),
      column.accessor('userId', { header: () => t('customers.userId'), cell: (info) => <Ltr>{info.getValue()}</Ltr> }),
      column.accessor('createdAt', {
        header: () => t('customers.created'),
        cell: (info) => <time dateTime={info.getValue()} className="whitespace-nowrap">{formatDate(info.getValue(), lang, { dateStyle: 'medium' })}</time>,
      }),
      column.accessor('tenant', { header: () => t('customers.tenant'), cell: (info) => <Ltr>{info.getValue()}</Ltr> }),
      column.accessor('matchedBy', { header: () => t('customers.matchedBy'), cell: (info) => {
          const key = info.getValue();
          return isMatchKey(key) ? t(`customers.keys.${key}`) : key;
        },
      }),
    ],
    [t, lang],
  );

  return (
    <>
      <PageHeader title={t('customers.title')} intro={t('customers.intro')} />
      <div className="flex flex-col gap-6">
        <Section title={t('customers.search')}>
          <form role="search" aria-label={t('customers.search')} onSubmit={(e) => void handleSubmit(onSearch)(e)} className="flex flex-col gap-3">
            <Field label={t('customers.query')} hint={t('customers.queryHint')}>
              {(ids) => <input {...ids} type="search" dir="ltr" autoComplete="off" maxLength={200} className={INPUT_CLASS} {...register('q')} />}
            </Field>
            {me.role === 'platform_admin' && (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4" {...register('all')} />
                {t('customers.allTenants')}
              </label>
            )}
            <div>
              <Button type="submit">{t('customers.find')}</Button>
            </div>
          </form>
        </Section>
        {q && (
          <Section title={found.data ? t('customers.found', { count: found.data.customers.length }) : t('customers.results')}>
            {found.isPending ? (
              <p role="status" className="text-muted">{t('loading')}</p>
            ) : found.isError ? (
              <Notice tone="error">{t('loadFailed')}</Notice>
            ) : (
              <>
                {found.data.more && <p className="mb-3 text-sm text-muted">{t('customers.more')}</p>}
                {mayAct && <CustomersBulk selection={{ all: false, ids: selectedIds(picked) }} onClear={() => setPicked({})} />}
                <DataTable
                  data={found.data.customers}
                  columns={columns}
                  getRowId={(row) => row.uuid}
                  label={t('customers.results')}
                  wide
                  empty={t('customers.none')}
                  {...(mayAct
                    ? { selection: { state: picked, onChange: setPicked, rowLabel: (m: CustomerMatch) => t('bulk.selectRow', { name: m.email ?? m.msisdn ?? m.userId }), pageLabel: t('bulk.selectPage') } }
                    : {})}
                />
              </>
            )}
          </Section>
        )}
      </div>
    </>
  );
}
