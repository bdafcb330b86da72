/**
 * A catalog row's query, as the storefront asks the catalog for it (GET /backend/catalog/articles): a section,
 * a content type, a genre or tag of the section, the order, and how many items it shows; with the number the
 * catalog holds for it now, as a guest sees it.
 */
import { useQuery } from '@tanstack/react-query';
import { Field, INPUT_CLASS, SELECT_CLASS } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { ARTICLE_TYPE_CODES, contentTypeName, sectionName } from '@/admin/lib/content-names';
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { catalogCalls } from '../catalog-totals';
import { SECTION_PATHS } from '../link-target';
import { countOf, MAX_COUNT, queryOf, setCount, setQuery, SORTS, type Sort } from '../node-content';
import { pickerCalls } from '../structures-api';
import type { TreeNode } from '../structures-tree';
import { structureKeys } from '../structure-keys';

export function QueryEditor({ node, onChange }: { node: TreeNode; onChange: (node: TreeNode) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const query = queryOf(node);
  const count = countOf(node);
  const categories = useQuery({ queryKey: structureKeys.categories(tenant, query.section, lang), queryFn: () => pickerCalls.categories(api, query.section, lang), enabled: query.section !== '' });
  const found = useQuery({ queryKey: structureKeys.catalogTotal(tenant, query, lang), queryFn: () => catalogCalls.list(api, query, lang, 1), staleTime: 30_000 });
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="query-editor">
      <legend className="mb-2 font-semibold">{t('structures.query')}</legend>
      <Field label={t('structures.querySection')}>
        {(f) => (
          <select {...f} className={SELECT_CLASS} value={query.section} onChange={(e) => onChange(setQuery(node, { section: e.target.value, category: '' }))} data-testid="query-section">
            <option value="">{t('structures.anySection')}</option>
            {Object.keys(SECTION_PATHS).map((code) => (
              <option key={code} value={code}>
                {sectionName(code, t)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('structures.queryType')}>
        {(f) => (
          <select {...f} className={SELECT_CLASS} value={query.contentType} onChange={(e) => onChange(setQuery(node, { contentType: e.target.value }))} data-testid="query-type">
            <option value="">{t('structures.anyType')}</option>
            {ARTICLE_TYPE_CODES.map((code) => (
              <option key={code} value={code}>
                {contentTypeName(code, t)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('structures.queryGenre')} hint={query.section === '' ? t('structures.queryGenreHint') : undefined}>
        {(f) => (
          <select {...f} className={SELECT_CLASS} value={query.category} disabled={query.section === ''} onChange={(e) => onChange(setQuery(node, { category: e.target.value }))} data-testid="query-genre">
            <option value="">{t('structures.anyGenre')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('structures.querySort')}>
        {(f) => (
          <select {...f} className={SELECT_CLASS} value={query.sort} onChange={(e) => onChange(setQuery(node, { sort: e.target.value as Sort }))} data-testid="query-sort">
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`structures.sorts.${sort || 'catalog'}` as AdminKey)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('structures.queryCount')} hint={t('structures.queryCountHint', { min: 1, max: MAX_COUNT })}>
        {(f) => <input {...f} type="number" min={1} max={MAX_COUNT} inputMode="numeric" className={INPUT_CLASS} value={count} onChange={(e) => e.target.value !== '' && onChange(setCount(node, Number(e.target.value)))} data-testid="query-count" />}
      </Field>
      <p className="self-center text-sm" role="status" aria-live="polite" data-testid="query-found">
        {found.data ? t('structures.queryFound', { count: Math.min(count, found.data.total), total: found.data.total }) : ''}
      </p>
    </fieldset>
  );
}
