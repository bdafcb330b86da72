/**
 * The console's article picker, one copy for all of them (issue 73: a rail's hand-picked articles and a link to an
 * article, the article a media upload is for, an article's artists): a title, an artist or an id typed in and
 * found by the caller's `find` (the storefront's search, or the console's catalog, unpublished articles too), each
 * hit with its cover when the source has covers, its title, artists, type by name, id and, from the console's
 * catalog, its state. Choosing a hit calls `onPick`; hits already chosen are marked (aria-pressed).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { INPUT_CLASS } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { contentTypeName } from '@/admin/lib/content-names';
import type { ArticleSearchMessages, FoundArticle } from '@/admin/lib/found-article';
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { adminKeys } from '@/admin/lib/query-keys';

export function ArticleSearch<T extends FoundArticle>(props: {
  label: string;
  /** The hits of a term (the caller's source); `source` names it in the query cache. */
  find: (term: string) => Promise<T[]>;
  source: string;
  messages: ArticleSearchMessages;
  onPick: (hit: T) => void;
  chosen?: ReadonlySet<number>;
  busyId?: number | null;
  /** Hits side by side from sm up (with covers), or one under the other. */
  grid?: boolean;
}) {
  const { label, find, source, messages, onPick, chosen, busyId, grid = false } = props;
  const { t, lang } = useAdminI18n();
  const { tenant } = useConsole();
  const ids = useId();
  const [term, setTerm] = useState('');
  const [asked, setAsked] = useState('');
  const hits = useQuery({ queryKey: adminKeys.articleSearch(tenant, source, asked, lang), queryFn: () => find(asked), enabled: asked.length > 0 });
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
          aria-describedby={messages.hint ? `${ids}-hint` : undefined}
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
          {t(messages.search)}
        </Button>
      </div>
      {messages.hint && (
        <p id={`${ids}-hint`} className="text-sm text-muted">
          {t(messages.hint)}
        </p>
      )}
      {asked && (
        <div aria-live="polite" className="min-h-5 text-sm">
          {hits.isPending ? (
            <span className="text-muted">{t('loading')}</span>
          ) : hits.isError ? (
            <span className="text-red-700 dark:text-red-300">{t('loadFailed')}</span>
          ) : hits.data.length === 0 ? (
            <span className="text-muted">{t(messages.none)}</span>
          ) : (
            <ul className={`mt-1 grid grid-cols-1 gap-2 ${grid ? 'sm:grid-cols-2' : ''}`} aria-label={t(messages.results)} data-testid="article-results">
              {hits.data.map((hit) => (
                <li key={hit.id}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-3 rounded-lg border border-border p-2 text-start hover:bg-bg focus-visible:outline-2 focus-visible:outline-accent aria-pressed:border-primary aria-pressed:bg-bg disabled:opacity-60"
                    aria-pressed={chosen?.has(hit.id) ?? false}
                    disabled={busyId === hit.id}
                    onClick={() => onPick(hit)}
                    data-testid="article-hit"
                  >
                    {hit.imageUrl !== undefined &&
                      (hit.imageUrl ? <img src={hit.imageUrl} alt="" className="size-12 shrink-0 rounded-md bg-surface object-cover" loading="lazy" /> : <span aria-hidden="true" className="size-12 shrink-0 rounded-md bg-surface" />)}
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">{hit.title || `#${hit.id}`}</span>
                      <span className="block truncate text-muted">
                        {hit.artists && (
                          <>
                            <bdi>{hit.artists}</bdi>
                            {' · '}
                          </>
                        )}
                        {contentTypeName(hit.contentType, t)} · <Ltr>{`#${hit.id}`}</Ltr>
                        {hit.state && ` · ${t(`catalog.state.${hit.state}` as AdminKey)}`}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
