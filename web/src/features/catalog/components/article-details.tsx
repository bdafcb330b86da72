/**
 * An article's details: hero (artwork, title, artists, facts, grading label, price with percent-off),
 * the actions its type allows (preview, play, trailer), its description, then tracks / episodes /
 * chapters / screenshots and related items.
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { BELOW_THE_FOLD } from '@/components/ui/below-the-fold';
import { LazyImage } from '@/components/ui/lazy-image';
import { SmartLink } from '@/components/ui/smart-link';
import { artistPathFor, contentPaths } from '@/config/content-paths';
import { formatDate, formatDatesInText, formatDuration, formatMegabytes, gradingDirection, gradingLabel } from '@/lib/formatters';
import { BACKDROP_IMAGE_WIDTH, withImageWidth } from '@/lib/image-url';
import { useCurrentLanguage } from '@/lib/use-language';
import { countRead } from '../api/count-read';
import { ASPECT_CLASS, articleHref, articleShape, artworksOf, isGame, mainPrice } from '../article-meta';
import type { Article, ArticleDetails as Details } from '../types';
import { ArticleRail } from './article-rail';
import type { GameMedia, TrackLists } from '../details-parts';
import { PreviewButton } from './preview-button';
import { PriceTag } from './price-tag';

const PREVIEWABLE = new Set(['full_track_music', 'podcast', 'audio_book_chapter']);
/** Reading these counts a read (GET /concon/countread). */
const READABLE = new Set(['news', 'article', 'premium_article']);
const EPISODIC = new Set(['video', 'full_length_video', 'podcast', 'audio_book_chapter']);
/** A file size matters only where a download is offered (games and apps to download); streamed items hide it. */
const DOWNLOADABLE = new Set(['game', 'app']);
/** A record label is a music fact; other content shows none. */
const RECORD_LABEL = new Set(['full_track_music', 'album', 'music_video']);
/** People, publishers and partners are not released; news and articles are published. */
const UNDATED = new Set(['artist', 'publisher', 'partner']);

/** The fact that dates the item: a tournament starts (customProperties.startDate, else its release date), news are published, the rest released. */
function dateFact(article: Details): { labelKey: 'catalog.facts.starts' | 'catalog.facts.published' | 'catalog.facts.released'; date: string } | null {
  if (UNDATED.has(article.contentType)) return null;
  if (article.contentType === 'tournament') {
    const start = article.customProperties.startDate;
    const date = typeof start === 'string' && start !== '' ? start : article.releaseDate;
    return date ? { labelKey: 'catalog.facts.starts', date } : null;
  }
  if (!article.releaseDate) return null;
  return { labelKey: READABLE.has(article.contentType) ? 'catalog.facts.published' : 'catalog.facts.released', date: article.releaseDate };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** Where the item's parent lives (track → album, episode → series or podcast, chapter → audiobook). */
function parentLink(article: Details, related: readonly Article[]): { href: string; labelKey: 'catalog.openAlbum' | 'catalog.openSeries' | 'catalog.openPodcast' | 'catalog.openAudiobook' } | null {
  const parentId = article.collectionInfo.articleId;
  if (!parentId) return null;
  const parent = related.find((item) => item.id === parentId);
  switch (article.contentType) {
    case 'full_track_music':
      return { href: parent ? articleHref(parent) : contentPaths.album(article.artists[0]?.title ?? 'artist', article.artists[0]?.id ?? 0, 'album', parentId), labelKey: 'catalog.openAlbum' };
    case 'video':
    case 'full_length_video':
      return { href: parent ? articleHref(parent) : contentPaths.series('series', parentId), labelKey: 'catalog.openSeries' };
    case 'podcast':
      return { href: parent ? articleHref(parent) : contentPaths.podcast('podcast', parentId), labelKey: 'catalog.openPodcast' };
    case 'audio_book_chapter':
      return { href: parent ? articleHref(parent) : contentPaths.audiobook('audiobook', parentId), labelKey: 'catalog.openAudiobook' };
    default:
      return null;
  }
}

/**
 * `actions`: what the app adds to the hero's action row (consume, buy; issue 12); `extra`: a type's own part under the
 * description (a tournament's teams and bracket, issue 15); `priceInAction`: the action's own label says the price
 * ("Sign in to play free", issue 30), so no price tag stands beside it; `gameMedia` and `trackLists`: the parts only some
 * articles show (../details-parts.ts), loaded by the page before it shows an article that has them.
 */
export function ArticleDetailsView({
  article,
  actions,
  extra,
  priceInAction = false,
  gameMedia = null,
  trackLists = null,
}: {
  article: Details;
  actions?: ReactNode;
  extra?: ReactNode;
  priceInAction?: boolean;
  gameMedia?: GameMedia | null;
  trackLists?: TrackLists | null;
}) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const shape = articleShape(article.contentType);
  const banner = artworksOf(article, 'BANNER')[0]?.url;
  const children = [...(article.tracks ?? []), ...(article.episodes ?? []), ...(article.chapters ?? [])];
  // Collections answer their items as `related` too: show them once, as the list.
  const related = children.length > 0 ? [] : (article.related ?? []);
  const parent = parentLink(article, article.related ?? []);
  const game = isGame(article.contentType);
  const rating = gradingLabel(article.rating);
  const readable = READABLE.has(article.contentType);
  const category = article.categoryIds[0];
  const dated = dateFact(article);

  useEffect(() => {
    if (readable) countRead(article.id, category).catch(() => undefined);
  }, [readable, article.id, category]);

  return (
    <article data-content-type={article.contentType} className="flex flex-col gap-10">
      <header className="relative isolate overflow-hidden rounded-3xl border border-border bg-surface">
        {banner && shape === 'landscape' && (
          <div aria-hidden="true" className="absolute inset-0 -z-10 opacity-20 blur-2xl">
            <LazyImage src={withImageWidth(banner, BACKDROP_IMAGE_WIDTH)} alt="" errorLabel="" className="h-full w-full" />
          </div>
        )}
        {/* The action row sits under the artwork and the text on a wide screen, not in the text column: that column is
            aligned to the artwork's bottom, so the row's lines (how many depends on the type and the visitor) would move
            the title the server's first view drew (app/first_view.cpp). On a phone it follows the facts as before. */}
        <div className="flex flex-col gap-4 p-4 sm:p-6 md:gap-6 lg:p-10">
          <div className="flex flex-col gap-6 md:flex-row md:items-end">
            <LazyImage
              eager
              src={article.imageUrl}
              alt={article.title}
              errorLabel={t('image.unavailable')}
              className={`${ASPECT_CLASS[shape]} w-full shrink-0 rounded-2xl shadow-xl ${shape === 'square' ? 'max-w-72 md:w-64 lg:w-80' : 'md:w-[min(26rem,50%)] lg:w-[min(34rem,55%)]'} ${article.contentType === 'artist' ? 'rounded-full' : ''}`}
            />
            <div className="flex min-w-0 flex-1 flex-col gap-4">
              <div className="flex flex-wrap items-center gap-2">
                <span className="rounded-full border border-border px-3 py-0.5 text-xs font-bold" title={t('catalog.facts.rating')} dir={gradingDirection(rating)} data-testid="grading">
                  {t(`catalog.grading.${rating}`)}
                </span>
                {article.explicit && (
                  <span className="rounded-sm bg-text px-1.5 py-0.5 text-xs font-bold text-bg uppercase" title={t('catalog.facts.explicitLabel')} data-testid="explicit">
                    {t('catalog.facts.explicit')}
                  </span>
                )}
                {!EPISODIC.has(article.contentType) ? null : article.season && article.episode ? (
                  <span className="text-sm text-muted">{t('catalog.facts.seasonEpisode', { season: article.season, episode: article.episode })}</span>
                ) : article.episode ? (
                  <span className="text-sm text-muted">{t('catalog.facts.episode', { episode: article.episode })}</span>
                ) : null}
              </div>
              <h1 className="text-3xl font-extrabold tracking-tight break-words hyphens-auto sm:text-4xl lg:text-5xl">{article.title}</h1>
              {article.artists.length > 0 && (
                <p className="text-lg">
                  {article.artists.map((artist, index) => (
                    <span key={artist.id}>
                      {index > 0 && ', '}
                      <SmartLink href={artistPathFor(article.contentType, artist)} className="font-semibold text-primary hover:underline">
                        {artist.title}
                      </SmartLink>
                    </span>
                  ))}
                </p>
              )}
              <dl className="flex flex-wrap gap-x-8 gap-y-3">
                {dated && <Fact label={t(dated.labelKey)}>{formatDate(dated.date, lang)}</Fact>}
                {article.durationSeconds ? <Fact label={t('catalog.facts.duration')}>{formatDuration(article.durationSeconds, lang)}</Fact> : null}
                {article.fileSizeBytes && DOWNLOADABLE.has(article.contentType) ? <Fact label={t('catalog.facts.size')}>{formatMegabytes(article.fileSizeBytes, lang)}</Fact> : null}
                {article.licensorName && RECORD_LABEL.has(article.contentType) && <Fact label={t('catalog.facts.label')}>{article.licensorName}</Fact>}
                {article.developerName && (
                  <Fact label={t('catalog.facts.publisher')}>
                    {game ? (
                      <SmartLink href={contentPaths.gamePublisher(article.developerName)} className="text-primary hover:underline">
                        {article.developerName}
                      </SmartLink>
                    ) : (
                      article.developerName
                    )}
                  </Fact>
                )}
              </dl>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {!priceInAction && <PriceTag price={mainPrice(article)} />}
            {PREVIEWABLE.has(article.contentType) && <PreviewButton article={article} />}
            {/* A game's play, download or sign-in button comes in `actions` (the games feature, issue 13). */}
            {game && gameMedia && <gameMedia.GameTrailerButton article={article} />}
            {actions}
            {parent && (
              <SmartLink href={parent.href} className="font-semibold text-primary hover:underline">
                {t(parent.labelKey)}
              </SmartLink>
            )}
          </div>
        </div>
      </header>

      {/* Below a phone's first viewport: the browser skips its style, layout and paint until it scrolls near (issue 14). */}
      <div className={`flex flex-col gap-10 ${BELOW_THE_FOLD}`}>
        {/* dir="auto": a description in another script (the English fallback on an Arabic page) keeps its own
            direction, its full stop at its end (issue 73 item 8). */}
        {article.description && <p dir="auto" className="max-w-3xl text-start text-lg leading-relaxed whitespace-pre-line text-text/90">{formatDatesInText(article.description, lang)}</p>}

        {extra}
        {game && gameMedia && <gameMedia.GameScreenshots article={article} />}
        {trackLists && <trackLists.TrackList title={t('catalog.tracks')} items={article.tracks ?? []} Preview={PreviewButton} />}
        {trackLists && <trackLists.TrackList title={t('catalog.topTracks')} items={article.topTracks ?? []} Preview={PreviewButton} />}
        {article.contentType === 'publisher' && <ArticleRail title={t('catalog.publisherGames', { name: article.title })} articles={article.games ?? []} />}
        {trackLists && <trackLists.TrackList title={t('catalog.episodes')} items={article.episodes ?? []} Preview={PreviewButton} numbering="episode" withPreview={article.contentType === 'podcastcollection'} />}
        {trackLists && <trackLists.TrackList title={t('catalog.chapters')} items={article.chapters ?? []} Preview={PreviewButton} />}
        {article.contentType !== 'publisher' && <ArticleRail title={article.contentType === 'artist' ? t('catalog.albums') : t('catalog.related')} articles={article.contentType === 'artist' ? (article.albums ?? related) : related} />}
      </div>
    </article>
  );
}
