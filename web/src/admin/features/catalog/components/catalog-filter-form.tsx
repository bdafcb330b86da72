/** The catalog's filter bar: a search, the article's type, section, rating, availability, licensor, media and price model, and the order. */
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS } from '@/admin/components/fields';
import { ARTICLE_TYPE_CODES, contentTypeChoices, contentTypeName, sectionName } from '@/admin/lib/content-names';
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { AVAILABILITIES, EMPTY_CATALOG_FILTERS, PRICE_MODELS, SECTIONS, SORTS, type CatalogFilters } from '../catalog-filters';

const SELECT_CLASS = INPUT_CLASS;

export function CatalogFilterForm({ filters, onApply }: { filters: CatalogFilters; onApply: (filters: CatalogFilters) => void }) {
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
      {choice('type', contentTypeChoices(ARTICLE_TYPE_CODES, t, [filters.type]).map((c) => c.value), (v) => contentTypeName(v, t))}
      {choice('section', SECTIONS, (v) => sectionName(v, t))}
      <Field label={t('catalog.filter.rating')}>
        {(ids) => <input {...ids} type="number" min={0} max={1000} className={INPUT_CLASS} {...register('rating')} />}
      </Field>
      {choice('availability', AVAILABILITIES, (v) => t(`catalog.state.${v}` as AdminKey))}
      <Field label={t('catalog.filter.licensor')}>
        {(ids) => <input {...ids} type="text" className={INPUT_CLASS} {...register('licensor')} />}
      </Field>
      {choice('hasMedia', ['true', 'false'], (v) => t(v === 'true' ? 'catalog.filter.withMedia' : 'catalog.filter.withoutMedia'))}
      {choice('priceModel', PRICE_MODELS, (v) => t(`catalog.priceModel.${v}` as AdminKey))}
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
