/**
 * A grid's genres: a section's categories (as the storefront lists them) added as tiles, each with the
 * category's artwork, its name in every language and its page as the storefront's own genre chips link it.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LANGUAGES, type LanguageCode } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { SELECT_CLASS } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { sectionName } from '@/admin/lib/content-names';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { categoryHref, SECTION_PATHS } from '../link-target';
import { addChild } from '../node-content';
import { pickerCalls } from '../structures-api';
import type { TreeNode } from '../structures-tree';
import { structureKeys } from '../structure-keys';

export function GenreTiles({ tree, grid, onChange }: { tree: TreeNode; grid: TreeNode; onChange: (node: TreeNode) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const ids = useId();
  const [section, setSection] = useState('music');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const categories = useQuery({ queryKey: structureKeys.categories(tenant, section, lang), queryFn: () => pickerCalls.categories(api, section, lang) });
  const addAll = async () => {
    const list = categories.data ?? [];
    if (list.length === 0) return;
    setBusy(true);
    try {
      // The names in every language: one list per language.
      const named = await Promise.all(LANGUAGES.map(async ({ code }) => [code, await pickerCalls.categories(api, section, code)] as const));
      let next = grid;
      for (const category of list) {
        const titles: Partial<Record<LanguageCode, string>> = {};
        for (const [code, entries] of named) {
          const title = entries.find((c) => c.id === category.id)?.title;
          if (title) titles[code] = title;
        }
        next = addChild(tree, next, { title: titles.en ? titles : { ...titles, en: category.title }, imageUrl: category.artwork ?? '', clickUrl: categoryHref(section, category.id) });
      }
      onChange(next);
      setNote(t('structures.genresAdded', { count: list.length }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${ids}-section`} className="text-sm font-semibold">
          {t('structures.genreSection')}
        </label>
        <select id={`${ids}-section`} className={SELECT_CLASS} value={section} onChange={(e) => setSection(e.target.value)} data-testid="genre-section">
          {Object.keys(SECTION_PATHS).map((code) => (
            <option key={code} value={code}>
              {sectionName(code, t)}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" className="h-11 px-5" disabled={busy || !categories.data?.length} onClick={() => void addAll()} data-testid="add-genres">
        {t('structures.addGenres', { count: categories.data?.length ?? 0 })}
      </Button>
      <span role="status" aria-live="polite" className="text-sm text-muted">
        {note}
      </span>
    </div>
  );
}
