/**
 * An article's artists (artistIds) by their names (issue 73 item 5): the ones it names, each with its name as the
 * catalog has it in the console's language (the article's `artists`) and a button that removes it, and the console's
 * picker (components/article-search.tsx) over the catalog's artists to add one by its name. The ids stay what is
 * saved; a name the catalog does not know shows the id.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { ArticleSearch } from '@/admin/components/article-search';
import { CATALOG_SEARCH_MESSAGES, findInCatalog } from '@/admin/lib/catalog-search-api';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { artistIdsOf, namedArtists, withArtist, withoutArtist } from '../article-model';
import type { AdminArticle, ArticleObject } from '../catalog-api';

export function ArtistsField({ doc, known, onChange, error }: { doc: ArticleObject; known: AdminArticle['artists']; onChange: (doc: ArticleObject) => void; error?: string | undefined }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  const [names, setNames] = useState(() => new Map(known.map((a) => [String(a.id), a.title])));
  const [announce, setAnnounce] = useState('');
  const ids = artistIdsOf(doc);
  const artists = namedArtists(ids, names);
  return (
    <fieldset className="mb-4 flex min-w-0 flex-col gap-2 sm:col-span-2 lg:col-span-3" data-testid="artists">
      <legend className="mb-1 text-sm font-semibold">{t('catalog.editor.artists')}</legend>
      {artists.length === 0 ? (
        <p className="text-sm text-muted">{t('catalog.editor.noArtists')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t('catalog.editor.artists')}>
          {artists.map(({ id, name }) => (
            <li key={String(id)} className="flex items-center gap-2 rounded-full border border-border bg-bg ps-3 pe-1">
              <span>{name ? <bdi>{name}</bdi> : <Ltr>{`#${id}`}</Ltr>}</span>
              {name && (
                <span className="text-xs text-muted">
                  <Ltr>{`#${id}`}</Ltr>
                </span>
              )}
              <Button
                variant="ghost"
                className="h-9 px-3"
                aria-label={t('catalog.editor.removeArtist', { name: name ?? `#${id}` })}
                onClick={() => {
                  onChange(withoutArtist(doc, id));
                  setAnnounce(t('catalog.editor.artistRemoved', { name: name ?? `#${id}` }));
                }}
              >
                <span aria-hidden="true">✕</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <ArticleSearch
        label={t('catalog.editor.addArtist')}
        find={(term) => findInCatalog(api, term, lang, 'artist')}
        source="artists"
        messages={CATALOG_SEARCH_MESSAGES}
        chosen={new Set(ids.map(Number))}
        onPick={(hit) => {
          setNames((before) => new Map(before).set(String(hit.id), hit.title));
          onChange(withArtist(doc, hit.id));
          setAnnounce(t('catalog.editor.artistAdded', { name: hit.title || `#${hit.id}` }));
        }}
      />
      <p role="status" aria-live="polite" className="sr-only">
        {announce}
      </p>
    </fieldset>
  );
}
