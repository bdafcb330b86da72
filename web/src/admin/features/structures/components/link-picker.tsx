/**
 * Where a slide, a tile or a menu link leads: nowhere, an article (found with the picker), a page of the
 * storefront (the home page, the tenant's pages, a section), a plan, or an address elsewhere (http or https,
 * checked as the server checks it). The choice is stored as the node's clickUrl.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Ltr } from '@/components/ui/ltr-text';
import { Field, INPUT_CLASS, SELECT_CLASS } from '@/admin/components/fields';
import { ArticleSearch } from '@/admin/components/article-search';
import { useConsole } from '@/admin/lib/console-context';
import { sectionName } from '@/admin/lib/content-names';
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { FIXED_PAGES, linkKind, planHref, planIdOf, SECTION_PATHS, validExternal, type LinkKind } from '../link-target';
import { findInStore, STORE_SEARCH_MESSAGES } from '../picker-model';
import { pickerCalls, storefrontPath, structureCalls } from '../structures-api';
import { structureKeys } from '../structure-keys';

const KINDS: readonly LinkKind[] = ['none', 'article', 'page', 'plan', 'external'];
const FIXED_KEYS: Record<(typeof FIXED_PAGES)[number], AdminKey> = {
  '/': 'structures.pages.home',
  '/subscription': 'structures.pages.plans',
  '/search': 'structures.pages.search',
  '/favorites': 'structures.pages.favorites',
  '/history': 'structures.pages.history',
};

/** The pages a link can name: the fixed ones, the tenant's structures that are pages, its sections. */
function usePages(): { path: string; label: string }[] {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const structures = useQuery({ queryKey: structureKeys.list(tenant), queryFn: () => structureCalls.list(api) });
  const pages: { path: string; label: string }[] = FIXED_PAGES.map((path) => ({ path, label: t(FIXED_KEYS[path]) }));
  for (const s of structures.data ?? []) {
    const path = storefrontPath(s.name);
    if (path && !pages.some((p) => p.path === path)) pages.push({ path, label: t('structures.pages.structure', { name: s.name, path }) });
  }
  for (const [section, path] of Object.entries(SECTION_PATHS)) {
    if (!pages.some((p) => p.path === path)) pages.push({ path, label: t('structures.pages.section', { name: sectionName(section, t) }) });
  }
  return pages;
}

export function LinkPicker({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const ids = useId();
  const pages = usePages();
  const [kind, setKind] = useState<LinkKind>(() => linkKind(value, pages.map((p) => p.path)));
  const [typed, setTyped] = useState(kind === 'external' ? value : '');
  const plans = useQuery({ queryKey: structureKeys.plans(tenant), queryFn: () => pickerCalls.plans(api), enabled: kind === 'plan' });
  const externalError = kind === 'external' && typed !== '' && !validExternal(typed) ? t('structures.linkInvalid') : undefined;

  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-x-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
      <legend className="mb-2 font-semibold">{t('structures.link')}</legend>
      <Field label={t('structures.linkKind')}>
        {(f) => (
          <select
            {...f}
            className={SELECT_CLASS}
            value={kind}
            data-testid="link-kind"
            onChange={(e) => {
              const next = e.target.value as LinkKind;
              setKind(next);
              if (next === 'none') onChange('');
            }}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`structures.linkKinds.${k}` as AdminKey)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="min-w-0">
        {kind === 'page' && (
          <Field label={t('structures.linkPage')}>
            {(f) => (
              <select {...f} className={SELECT_CLASS} value={pages.some((p) => p.path === value) ? value : ''} onChange={(e) => onChange(e.target.value)} data-testid="link-page">
                <option value="">{t('structures.choose')}</option>
                {pages.map((p) => (
                  <option key={p.path} value={p.path}>
                    {p.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {kind === 'plan' && (
          <Field label={t('structures.linkPlan')}>
            {(f) => (
              <select {...f} className={SELECT_CLASS} value={planIdOf(value) ?? ''} onChange={(e) => onChange(e.target.value ? planHref(Number(e.target.value)) : '')} data-testid="link-plan">
                <option value="">{t('structures.choose')}</option>
                {(plans.data?.plans ?? []).map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {kind === 'external' && (
          <Field label={t('structures.linkAddress')} hint={t('structures.linkAddressHint')} error={externalError}>
            {(f) => (
              <input
                {...f}
                type="url"
                dir="ltr"
                className={INPUT_CLASS}
                value={typed}
                data-testid="link-address"
                onChange={(e) => {
                  setTyped(e.target.value);
                  if (validExternal(e.target.value.trim())) onChange(e.target.value.trim());
                }}
              />
            )}
          </Field>
        )}
        {kind === 'article' && <ArticleSearch label={t('structures.linkArticle')} find={(term) => findInStore(api, term, lang)} source="store" messages={STORE_SEARCH_MESSAGES} grid onPick={(hit) => onChange(hit.found.href)} />}
        {kind !== 'none' && (
          <p className="mt-1 text-sm text-muted" id={`${ids}-current`}>
            {t('structures.linkCurrent')} {value ? <Ltr>{value}</Ltr> : t('structures.linkNone')}
          </p>
        )}
      </div>
    </fieldset>
  );
}
