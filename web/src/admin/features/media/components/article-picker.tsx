/** The article an upload is for: its id typed in, or found by its title in the console's catalog. */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { Field, INPUT_CLASS } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { mediaCalls, type ArticleHit } from '../media-api';

/** The article an upload is for: its id typed in, or found by its title in the console's catalog (unpublished ones too). */
export function ArticlePicker({ value, onChange }: { value: string; onChange: (id: string, title?: string) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const ids = useId();
  const [term, setTerm] = useState('');
  const [asked, setAsked] = useState('');
  const hits = useQuery({ queryKey: ['admin', tenant, 'media', 'articles', asked, lang], queryFn: () => mediaCalls.searchArticles(api, asked, lang), enabled: asked.length > 0 });
  return (
    <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
      <Field className="min-w-0" label={t('media.articleId')} hint={t('media.articleIdHint')}>
        {(f) => <input {...f} name="articleId" inputMode="numeric" dir="ltr" required className={INPUT_CLASS} value={value} onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))} />}
      </Field>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${ids}-search`} className="text-sm font-semibold">
          {t('media.findArticle')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${ids}-search`}
            type="search"
            className={`${INPUT_CLASS} min-w-0 flex-1`}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                setAsked(term.trim());
              }
            }}
          />
          <Button variant="secondary" onClick={() => setAsked(term.trim())}>
            {t('media.search')}
          </Button>
        </div>
        {asked && (
          <div aria-live="polite" className="min-h-5 text-sm">
            {hits.isPending ? (
              <span className="text-muted">{t('loading')}</span>
            ) : hits.isError ? (
              <span className="text-red-700 dark:text-red-300">{t('loadFailed')}</span>
            ) : hits.data.length === 0 ? (
              <span className="text-muted">{t('media.noArticles')}</span>
            ) : (
              <ul className="mt-1 flex flex-col gap-1" aria-label={t('media.results')}>
                {hits.data.map((hit: ArticleHit) => (
                  <li key={hit.id}>
                    <button
                      type="button"
                      className="w-full rounded-lg border border-border px-3 py-1.5 text-start hover:bg-bg focus-visible:outline-2 focus-visible:outline-accent aria-pressed:border-primary"
                      aria-pressed={String(hit.id) === value}
                      onClick={() => onChange(String(hit.id), hit.title)}
                    >
                      <span className="font-semibold">{hit.title || `#${hit.id}`}</span> <span className="text-muted"><Ltr>{`#${hit.id} · ${hit.contentType}`}</Ltr> · {t(`catalog.state.${hit.state}` as AdminKey)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
