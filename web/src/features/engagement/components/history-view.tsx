/**
 * /history: what the caller played, newest first, each with where they left it; resume (the page
 * decides how: play audio, open the item) and remove (DELETE /user/history/PLAY/{id}).
 */
import type { CatalogArticle } from '@/lib/api-schema';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { LazyImage } from '@/components/ui/lazy-image';
import { formatDate, formatDuration } from '@/lib/formatters';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { useHistory } from '../api/get-history';
import { useRemoveHistory } from '../api/remove-history';
import { SignInNote } from './sign-in-note';
import type { ReactNode } from 'react';

/** What the list shows of an article (the catalog's article answer, server ArticleDto). */
export type HistoryArticle = Pick<CatalogArticle, 'id' | 'title' | 'contentType' | 'imageUrl'> & Partial<Pick<CatalogArticle, 'durationSeconds'>>;

interface HistoryViewProps<A extends HistoryArticle> {
  onResume: (article: A, seconds: number) => void;
  loading: ReactNode;
}

export function HistoryView<A extends HistoryArticle>({ onResume, loading }: HistoryViewProps<A>) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const history = useHistory<A>();
  const remove = useRemoveHistory();

  if (!signedIn) return <SignInNote text={t('engagement.historySignIn')} />;
  if (history.isPending) return <>{loading}</>;
  const entries = (history.data ?? []).flatMap((entry) => (entry.article ? [{ ...entry, article: entry.article }] : []));
  if (entries.length === 0) return <p className="py-16 text-center text-muted">{t('engagement.noHistory')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border bg-surface" aria-label={t('engagement.historyLabel')}>
      {entries.map((entry) => {
        const { article } = entry;
        const position = Math.floor(entry.userCurrentPlaying);
        const length = article.durationSeconds ?? 0;
        const progress = length > 0 ? Math.min(100, (position / length) * 100) : 0;
        return (
          <li key={entry.articleId} className="flex items-center gap-3 p-3 sm:gap-4 sm:p-4" data-testid="history-entry">
            <LazyImage src={article.imageUrl ?? ''} alt="" errorLabel={t('engagement.noImage')} className="size-14 shrink-0 rounded-lg object-cover sm:size-16" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="truncate font-semibold">{article.title}</span>
              <span className="truncate text-xs text-muted sm:text-sm">
                {t(`catalog.types.${article.contentType}`, { defaultValue: t('catalog.types.other') })} · {formatDate(entry.updatedAt, lang)}
                {position > 0 && <> · {t('engagement.leftAt', { time: formatDuration(position, lang) })}</>}
              </span>
              {progress > 0 && (
                <span className="h-1 w-full max-w-xs overflow-hidden rounded-full bg-border" aria-hidden="true">
                  <span className="block h-full bg-primary" style={{ width: `${String(progress)}%` }} />
                </span>
              )}
            </div>
            <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
              <Button className="px-3! py-1.5! text-sm" onClick={() => onResume(article, position)} aria-label={t('engagement.resumeItem', { title: article.title })}>
                {t('engagement.resume')}
              </Button>
              <Button
                variant="secondary"
                className="px-3! py-1.5! text-sm"
                disabled={remove.isPending && remove.variables === entry.articleId}
                aria-label={t('engagement.removeItem', { title: article.title })}
                onClick={() =>
                  remove.mutate(entry.articleId, {
                    onSuccess: () => showSnackbar(t('engagement.historyRemoved'), 'success'),
                    onError: () => showSnackbar(t('engagement.historyRemoveFailed'), 'error'),
                  })
                }
              >
                {t('engagement.remove')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
