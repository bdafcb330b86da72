/**
 * The catalog's bulk actions (issue 78 item 3) over its grid: publish, unpublish, add a category, move to a category,
 * change the prices of one business model by a percent or to an amount, on the rows selected or on every article the
 * filter matches; the shared bar (components/bulk-bar.tsx) confirms with the count and follows the job. A finance
 * member sees the price actions only (the others are editors').
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isolated } from '@/lib/formatters';
import { BulkActionSelect } from '@/admin/components/bulk-action-select';
import { BulkBar } from '@/admin/components/bulk-bar';
import { Field, INPUT_CLASS, SELECT_CLASS } from '@/admin/components/fields';
import type { BulkSelection } from '@/admin/lib/bulk-job';
import { useConsole } from '@/admin/lib/console-context';
import { sectionName } from '@/admin/lib/content-names';
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { catalogCalls } from '../catalog-api';
import { EMPTY_ARTICLE_BULK, articleBulkActionsFor, articleBulkBody, parsePercent, type ArticleBulkForm } from '../catalog-bulk-model';
import { PRICE_MODELS, type CatalogFilters } from '../catalog-filters';
import { catalogKeys } from '../catalog-keys';

/** Amounts are typed in major units of two decimals (the tenant's prices' currency). */
const DECIMALS = 2;

export interface CatalogBulkProps {
  selection: BulkSelection;
  pageIds: string[];
  total: number;
  filters: CatalogFilters;
  onSelectAll: () => void;
  onClear: () => void;
}

export function CatalogBulk({ selection, pageIds, total, filters, onSelectAll, onClear }: CatalogBulkProps) {
  const { t, lang } = useAdminI18n();
  const { api, tenant, me } = useConsole();
  const client = useQueryClient();
  // Only the actions the member's role may use: finance changes prices, editors do everything.
  const actions = articleBulkActionsFor(me.role);
  const [form, setForm] = useState<ArticleBulkForm>(EMPTY_ARTICLE_BULK);
  const needsCategory = form.action === 'tag' || form.action === 'move';
  const categories = useQuery({ queryKey: catalogKeys.categories(tenant, lang), queryFn: () => catalogCalls.categories(api, lang), enabled: needsCategory });
  const body = articleBulkBody(form, selection, filters, DECIMALS);
  const rows = (count: number) => isolated(t('bulk.articles', { count }));
  const category = categories.data?.find((c) => c.id === form.category);
  const model = t(`catalog.priceModel.${form.priceModel}` as AdminKey);
  const confirmText = (() => {
    if (!body || !form.action) return null;
    const count = selection.all ? selection.total : selection.ids.length;
    const params = {
      rows: rows(count),
      category: isolated(category?.title ?? form.category),
      model: isolated(model),
      percent: isolated(String(parsePercent(form.percent) ?? '')),
      amount: isolated(form.amount.trim()),
    };
    return t(`catalog.bulk.confirm.${form.action}` as AdminKey, params);
  })();
  const set = (patch: Partial<ArticleBulkForm>) => setForm((f) => ({ ...f, ...patch }));

  const controls = (
    <>
      <BulkActionSelect value={form.action} options={actions.map((a) => ({ value: a, label: t(`catalog.bulk.action.${a}` as AdminKey) }))} onChange={(action) => set({ action })} />
      {needsCategory && (
        <Field label={t('catalog.bulk.category')} hint={t('catalog.bulk.categoryHint')}>
          {(ids) => (
            <select {...ids} className={SELECT_CLASS} value={form.category} onChange={(e) => set({ category: e.target.value })}>
              <option value="">{t('bulk.choose')}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {`${c.title} · ${sectionName(c.section, t)}`}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {(form.action === 'pricePercent' || form.action === 'priceAmount') && (
        <Field label={t('catalog.bulk.priceModel')}>
          {(ids) => (
            <select {...ids} className={SELECT_CLASS} value={form.priceModel} onChange={(e) => set({ priceModel: e.target.value })}>
              {PRICE_MODELS.map((m) => (
                <option key={m} value={m}>
                  {t(`catalog.priceModel.${m}` as AdminKey)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {form.action === 'pricePercent' && (
        <Field label={t('catalog.bulk.percent')} hint={t('catalog.bulk.percentHint')} error={form.percent && parsePercent(form.percent) === null ? t('catalog.bulk.percentWrong') : undefined}>
          {(ids) => <input {...ids} inputMode="decimal" dir="ltr" className={INPUT_CLASS} value={form.percent} onChange={(e) => set({ percent: e.target.value })} />}
        </Field>
      )}
      {form.action === 'priceAmount' && (
        <Field label={t('catalog.bulk.amount')} hint={t('catalog.bulk.amountHint')} error={form.amount && !body ? t('catalog.bulk.amountWrong') : undefined}>
          {(ids) => <input {...ids} inputMode="decimal" dir="ltr" className={INPUT_CLASS} value={form.amount} onChange={(e) => set({ amount: e.target.value })} />}
        </Field>
      )}
    </>
  );

  return (
    <BulkBar
      selection={selection}
      pageIds={pageIds}
      total={total}
      onSelectAll={onSelectAll}
      onClear={onClear}
      rows={rows}
      controls={controls}
      confirmText={confirmText}
      start={(key) => catalogCalls.bulk(api, body ?? { action: 'publish' }, key)}
      readJob={(id) => catalogCalls.bulkJob(api, id)}
      queryKey={catalogKeys.bulkJob(tenant)}
      onFinished={() => {
        void client.invalidateQueries({ queryKey: catalogKeys.lists(tenant) });
        onClear();
        setForm(EMPTY_ARTICLE_BULK);
      }}
    />
  );
}
