/**
 * The article picker: a title, an artist or an id typed in, found as the storefront finds it (its search over
 * every language; an id read directly), each hit with its cover, title, artists, type and id. Choosing a hit
 * calls `onPick`; hits already chosen are marked.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { INPUT_CLASS } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { contentTypeName } from '@/admin/lib/content-names';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { typedId } from '../picker-model';
import { pickerCalls, type SearchHit } from '../structures-api';

export function ArticleSearch({ label, onPick, chosen, busyId }: { label: string; onPick: (hit: SearchHit) => void; chosen?: Set<number>; busyId?: number | null }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const ids = useId();
  const [term, setTerm] = useState('');
  const [asked, setAsked] = useState('');
  const hits = useQuery({
    queryKey: ['admin', tenant, 'structures', 'search', asked, lang],
    queryFn: async (): Promise<SearchHit[]> => {
      const id = typedId(asked);
      if (id !== null) {
        const article = await pickerCalls.article(api, id, lang).catch(() => null);
        if (article) return [article];
      }
      return pickerCalls.search(api, asked, lang);
    },
    enabled: asked.length > 0,
  });
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={`${ids}-search`} className="text-sm font-semibold">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={`${ids}-search`}
          type="search"
          className={`${INPUT_CLASS} min-w-0 flex-1`}
          value={term}
          aria-describedby={`${ids}-hint`}
          onChange={(e) => setTerm(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setAsked(term.trim());
            }
          }}
          data-testid="article-search"
        />
        <Button variant="secondary" className="h-11 px-4" onClick={() => setAsked(term.trim())}>
          {t('structures.search')}
        </Button>
      </div>
      <p id={`${ids}-hint`} className="text-sm text-muted">
        {t('structures.searchHint')}
      </p>
      {asked && (
        <div aria-live="polite" className="text-sm">
          {hits.isPending ? (
            <span className="text-muted">{t('loading')}</span>
          ) : hits.isError ? (
            <span className="text-red-700 dark:text-red-300">{t('loadFailed')}</span>
          ) : hits.data.length === 0 ? (
            <span className="text-muted">{t('structures.noArticles')}</span>
          ) : (
            <ul className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label={t('structures.results')} data-testid="article-results">
              {hits.data.map((hit) => {
                const picked = chosen?.has(hit.id) ?? false;
                const artists = hit.artists.map((a) => a.title).join(', ');
                return (
                  <li key={hit.id}>
                    <button
                      type="button"
                      className="flex w-full items-center gap-3 rounded-lg border border-border p-2 text-start hover:bg-bg focus-visible:outline-2 focus-visible:outline-accent aria-pressed:border-primary aria-pressed:bg-bg disabled:opacity-60"
                      aria-pressed={picked}
                      disabled={busyId === hit.id}
                      onClick={() => onPick(hit)}
                      data-testid="article-hit"
                    >
                      {hit.imageUrl ? <img src={hit.imageUrl} alt="" className="size-12 shrink-0 rounded-md bg-surface object-cover" loading="lazy" /> : <span aria-hidden="true" className="size-12 shrink-0 rounded-md bg-surface" />}
                      <span className="min-w-0">
                        <span className="block truncate font-semibold">{hit.title}</span>
                        <span className="block truncate text-muted">
                          {artists && <bdi>{artists}</bdi>}
                          {artists && ' · '}
                          {contentTypeName(hit.contentType, t)} · <Ltr>{`#${hit.id}`}</Ltr>
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
