/**
 * /tournaments/news/details/:id and /tournaments/videos/details/:id: one news article or video of
 * a tournament (texts in the page's language), with a link back to the tournament.
 */
import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button-class';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/formatters';
import { setPageTitle } from '@/lib/page-title';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { type MediaKind, useMediaEntry } from '../api/get-media';

export function TournamentMediaView({ kind }: { kind: MediaKind }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const { id = '' } = useParams();
  const entry = useMediaEntry(kind, id);
  const title = entry.data?.title ?? null;
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle(null);
  }, [title]);

  if (entry.isPending) return <Skeleton className="h-96" />;
  if (entry.isError) {
    const notFound = entry.error instanceof ApiError && entry.error.status === 404;
    return (
      <section role="alert" className="mx-auto flex max-w-2xl flex-col items-center gap-4 py-20 text-center">
        <h1 className="text-3xl font-extrabold">{notFound ? t('catalog.notFoundTitle') : t('tournaments.loadError')}</h1>
        <Link to={localize('/')} className={buttonClass('secondary')}>
          {t('page.goHome')}
        </Link>
      </section>
    );
  }
  const e = entry.data;
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-5" data-testid="tournament-media">
      <p className="text-sm font-semibold text-muted uppercase">
        {kind === 'news' ? t('tournaments.media.news') : t('tournaments.media.video')} · <time dateTime={e.publishedAt}>{formatDate(e.publishedAt, lang, { dateStyle: 'long' })}</time>
      </p>
      <h1 className="text-3xl leading-tight font-extrabold sm:text-4xl">{e.title}</h1>
      <p className="text-lg text-muted">{e.summary}</p>
      {kind === 'videos' && e.videoUrl ? (
        <video controls playsInline preload="metadata" poster={e.imageUrl} className="aspect-video w-full rounded-2xl bg-black" aria-label={e.title}>
          <source src={e.videoUrl} type="video/mp4" />
        </video>
      ) : (
        <img src={e.imageUrl} alt="" className="aspect-video w-full rounded-2xl object-cover" />
      )}
      <div className="flex flex-col gap-4 text-base leading-relaxed">
        {e.body.split(/\n\s*\n/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <Link to={localize(`/tournaments/details/${String(e.tournamentId)}`)} className={buttonClass('secondary', 'self-start')}>
        {t('tournaments.media.toTournament')}
      </Link>
    </article>
  );
}
