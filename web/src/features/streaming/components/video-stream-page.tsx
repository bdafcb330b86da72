/**
 * The body of a stream page (/video/stream/…, /video/:ex/stream/…, also for music videos): asks
 * /video/streaming for the article and plays the answer. A full play reports its usage and keeps
 * the resume position; a preview (or no preview at all) shows the ways to get the whole video,
 * which the app supplies (`offer`), since buying belongs to the purchases feature.
 */
import { useState, type ReactNode } from 'react';
import type { CatalogArticle } from '@/lib/api-schema';
import { useTranslation } from '@/lib/use-translation';
import { getVideoStream, useVideoStream, type VideoStream } from '../api/video-streaming';
import { VideoPlayer } from './video-player';

/** What the page reads of the catalog's article answer (server ArticleDto). */
export type StreamArticle = Pick<CatalogArticle, 'id' | 'title' | 'contentType' | 'imageUrl'> & Partial<Pick<CatalogArticle, 'description'>>;

export interface VideoStreamViewProps {
  article: StreamArticle;
  signedIn: boolean;
  /** Spend a confirmed credit (only after the user agreed in the purchase flow). */
  consume: boolean;
  /** Changes when the user got the right to watch (a purchase, a spent credit): ask again. */
  grant: number;
  /** The ways to get the whole video, under a preview. */
  offer: (stream: VideoStream) => ReactNode;
}

export function VideoStreamView({ article, signedIn, consume, grant, offer }: VideoStreamViewProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const request = { id: article.id, consume, asGuest: !signedIn };
  const query = useVideoStream(request, `${attempt}-${grant}`);
  const retry = () => setAttempt((value) => value + 1);
  const answer = query.data;

  if (query.isPending) {
    return (
      <div role="status" className="flex aspect-video w-full items-center justify-center rounded-xl bg-neutral-900 text-sm" data-testid="video-loading">
        {t('video.loading')}
      </div>
    );
  }
  if (query.isError || !answer?.ok || !answer.data) {
    const notFound = answer?.status === 404;
    // 429: too many plays in a short time (the server's ticket limit); retrying later works.
    const message = notFound ? t('video.errors.notFound') : answer?.status === 429 ? t('video.errors.tooManyPlays') : t('video.errors.stream');
    return (
      <div role="alert" className="flex aspect-video w-full flex-col items-center justify-center gap-4 rounded-xl bg-neutral-900 p-6 text-center">
        <p className="max-w-md font-semibold">{message}</p>
        {!notFound && (
          <button type="button" onClick={retry} className="rounded-full bg-white px-5 py-2 font-semibold text-black hover:bg-white/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
            {t('video.retry')}
          </button>
        )}
      </div>
    );
  }
  const stream = answer.data;
  const full = !stream.isPreview && stream.url !== '';
  const renewTicket = async () => {
    const renewed = await getVideoStream({ id: article.id });
    return renewed.ok && renewed.data && !renewed.data.isPreview ? renewed.data.ticket : null;
  };
  return (
    <div className="flex flex-col gap-6">
      {stream.url === '' ? (
        <div className="relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-xl bg-neutral-900">
          {article.imageUrl && <img src={article.imageUrl} alt="" className="absolute inset-0 size-full object-cover opacity-40" />}
          <p className="relative max-w-md px-6 text-center font-semibold">{t('video.preview.none')}</p>
        </div>
      ) : (
        <VideoPlayer
          key={`${attempt}-${grant}`}
          src={stream.url}
          title={article.title}
          poster={article.imageUrl}
          usage={{ articleId: article.id, contentType: article.contentType, ticket: full ? stream.ticket : null, saveHistory: full && signedIn, renewTicket }}
          resume={full && signedIn}
          onRetry={retry}
          badge={stream.isPreview ? <span className="rounded-full bg-black/70 px-3 py-1 text-xs font-bold uppercase tracking-wide">{t('video.preview.badge')}</span> : undefined}
        />
      )}
      {!full && (
        <section aria-labelledby="video-offer-title" className="flex flex-col gap-3 rounded-xl bg-neutral-900 p-5">
          <h2 id="video-offer-title" className="text-lg font-bold">
            {stream.url === '' ? t('video.preview.getTitle') : t('video.preview.title')}
          </h2>
          <p className="text-sm text-white/80">{signedIn ? t('video.preview.text') : t('video.preview.guestText')}</p>
          {offer(stream)}
        </section>
      )}
    </div>
  );
}
