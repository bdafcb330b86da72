/**
 * Every catalog details route (tracks, albums, artists, playlists, videos, series, games, podcasts,
 * audiobooks, news, articles, vouchers, tournaments, apps, partners, info services).
 *
 * The item is resolved by the trailing id, so a stale slug still works; once loaded, the address is
 * replaced by the canonical `href` when it differs. Items whose path has no id (publisher, voucher
 * book, info service, partner, service) are found by slug. The page payload's `article` is the
 * first paint (seeded into the cache at start-up or on link hover).
 */
import { Suspense, useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { contentPaths, trailingId } from '@/config/content-paths';
import { splitLanguagePrefix, type PageKey } from '@/config/paths';
import { useArticle } from '@/features/catalog/api/get-article';
import { useArticleBySlug } from '@/features/catalog/api/get-article-by-slug';
import { articleHref, isGame, soldBySubscription } from '@/features/catalog/article-meta';
import { ArticleDetailsView } from '@/features/catalog/components/article-details';
import { hasTrackLists, loadGameMedia, loadTrackLists, type GameMedia, type TrackLists } from '@/features/catalog/details-parts';
import { DetailsSkeleton } from '@/features/catalog/components/details-skeleton';
import { EngagementActions } from '@/features/engagement/components/engagement-actions';
import { isOnlineGame } from '@/features/games/online-game';
import { isRatingLimitError } from '@/features/parental-control/types';
import { ShareButton } from '@/features/share/components/share-button';
import { SubscribeOffer } from '@/features/subscriptions/components/subscribe-button';
import { useSyncSubscriptionTypes } from '@/features/subscriptions/hooks/use-sync-subscription-types';
import { ApiError } from '@/lib/api-client';
import { lazyPart, useDeferredPart } from '@/lib/lazy-part';
import { setPageDescription, setPageTitle } from '@/lib/page-title';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { AdSlot } from '../ad-slot';
import { loadCommerceInBackground, useCommerceRuntime, withCommerce } from '../commerce-loader';
import { useRoutePage } from '../route-handle';
import { usePortalStore } from '@/lib/store';
import { CommerceActions } from './commerce-actions';
import { actionsNeedRuntime } from './details-commerce';
import { signInToPlayFree } from './sign-in-free';

/** A tournament's teams, bracket, news and videos (issue 15): loaded with the first tournament page. */
const TournamentPanel = lazyPart(() => import('@/features/tournaments/components/tournament-panel').then((module) => module.TournamentPanel));

/** Pages whose address names the item by slug only, and the content types to look in. */
const BY_SLUG: Partial<Record<PageKey, { param: string; contentTypes: string[] }>> = {
  gamesPublisher: { param: 'name', contentTypes: ['publisher'] },
  voucherBook: { param: 'name', contentTypes: ['voucherbook'] },
  infoService: { param: 'name', contentTypes: ['info_service'] },
  partner: { param: 'name', contentTypes: ['partner'] },
  service: { param: 'name', contentTypes: ['info_service', 'app'] },
};

/** Pages whose address may end in a slug instead of the id (/games/details/{title}, /apps/pd/{name}): the types to look in. */
const SLUG_OR_ID: Partial<Record<PageKey, string[]>> = {
  gameDetails: ['online_game', 'game'],
  appsPartner: ['partner'],
  appsProduct: ['app'],
};

/**
 * The route parameters that may carry the id, most specific last. `category` is the id only where a
 * list pattern shows an item (/mp/{id}, /articles/{id}; catalog-list.tsx).
 */
const ID_PARAMS = ['category', 'id', 'name', 'title', 'subcategory', 'voucherId', 'track', 'album', 'playlist', 'article'];

export default function CatalogDetailsPage() {
  const page = useRoutePage();
  const params = useParams();
  const bySlug = page ? BY_SLUG[page] : undefined;
  const id = bySlug ? null : trailingId(...ID_PARAMS.map((key) => params[key]));
  const slugTypes = page && !bySlug && id !== null && !/^\d+$/.test(id) ? SLUG_OR_ID[page] : undefined;
  const slugOnly = slugTypes !== undefined;
  const slugLookup = useArticleBySlug(bySlug ? bySlug.contentTypes : (slugTypes ?? null), bySlug ? (params[bySlug.param] ?? '') : (id ?? ''));
  const resolvedId = bySlug || slugOnly ? (slugLookup.data?.id ?? null) : id;
  const details = useArticle(resolvedId);
  const query = bySlug || slugOnly ? (slugLookup.isError ? slugLookup : details) : details;
  return <DetailsBody page={page} query={query} pending={(bySlug || slugOnly ? slugLookup.isPending : false) || details.isPending} />;
}

/**
 * The item's own address: its `href`, but an author shown as an audiobook artist keeps that page (the `href` is the
 * music one), and an online game on the arcade page stays there (its starts enter the competition, commerce §7).
 */
function canonicalPath(page: PageKey | null, article: { contentType: string; href: string; title: string; id: number }): string {
  if (page === 'audiobookArtist' && article.contentType === 'artist') return contentPaths.audiobookArtist(article.title, article.id);
  if (page === 'arcadeDetails' && isOnlineGame(article.contentType)) return contentPaths.arcade(article.title, article.id);
  return article.href;
}

function DetailsBody({ page, query, pending }: { page: PageKey | null; query: ReturnType<typeof useArticle> | ReturnType<typeof useArticleBySlug>; pending: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const location = useLocation();
  const article = query.data && 'contentType' in query.data ? query.data : null;
  const canonical = article ? canonicalPath(page, article) : null;
  // Vouchers, games and apps show with their actions, which the commerce runtime draws (details-commerce.ts).
  const runtime = useCommerceRuntime();
  const waitsForRuntime = article !== null && actionsNeedRuntime(article.contentType) && runtime === null;
  // A game shows with its screenshots and trailer, a collection with its list: code only their pages load (issue 52).
  const gameMedia = useArticlePart(loadGameMedia, article !== null && isGame(article.contentType));
  const trackLists = useArticlePart(loadTrackLists, article !== null && hasTrackLists(article));

  useEffect(() => {
    if (waitsForRuntime) loadCommerceInBackground();
  }, [waitsForRuntime]);

  useEffect(() => {
    if (!canonical?.startsWith('/')) return;
    const current = splitLanguagePrefix(location.pathname).path;
    if (decodeURI(current) !== decodeURI(canonical)) void navigate(`${localize(canonical)}${location.search}${location.hash}`, { replace: true, preventScrollReset: true });
  }, [canonical, location.pathname, location.search, location.hash, localize, navigate]);

  useEffect(() => {
    setPageTitle(article?.title ?? null);
    return () => setPageTitle(null);
  }, [article?.title]);

  // The item's own words in the head, as the server's first answer has them (portal §3 meta data).
  useEffect(() => {
    setPageDescription(article?.description ?? null);
    return () => setPageDescription(null);
  }, [article?.description]);

  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section role="alert" className="mx-auto flex max-w-2xl flex-col items-center gap-4 py-20 text-center">
        <h1 className="text-3xl font-extrabold">{notFound ? t('catalog.notFoundTitle') : t('catalog.loadError')}</h1>
        {notFound && <p className="text-lg text-muted">{t('catalog.notFoundText')}</p>}
        {notFound && query.error instanceof ApiError && isRatingLimitError(query.error.body) && (
          <p data-testid="parental-note" className="max-w-md rounded-xl border border-border bg-surface px-4 py-3 text-sm">
            {t('error.parentalControl')}
          </p>
        )}
        <div className="flex flex-wrap justify-center gap-3">
          {!notFound && <Button onClick={() => void query.refetch()}>{t('catalog.retry')}</Button>}
          <Link to={localize('/')} className={buttonClass(notFound ? 'primary' : 'secondary')}>
            {t('page.goHome')}
          </Link>
        </div>
      </section>
    );
  }
  if (pending || !article || waitsForRuntime || gameMedia.waits || trackLists.waits) return <DetailsSkeleton />;
  const bySubscription = soldBySubscription(article);
  return <DetailsView article={article} bySubscription={bySubscription} gameMedia={gameMedia.module} trackLists={trackLists.module} />;
}

/** A part of the page only some articles show: its code loads, and the page waits for it, when the article has it. */
function useArticlePart<T>(load: () => Promise<T>, needed: boolean): { module: T | null; waits: boolean } {
  const { module, prefetch } = useDeferredPart(load);
  const waits = needed && module === null;
  useEffect(() => {
    if (waits) prefetch();
  }, [waits, prefetch]);
  return { module, waits };
}

/**
 * The offer for the article's content type (commerce §4): the plans sync here, so that a guest's page
 * shows it without the commerce runtime; the subscribe flow loads with the runtime when pressed.
 */
function DetailsSubscribeOffer({ contentType }: { contentType: string }) {
  useSyncSubscriptionTypes();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const { pathname, search } = useLocation();
  const subscribe = () => {
    const options = { lang, pageUrl: `${window.location.origin}${pathname}${search}` };
    const subscriptionPath = localize('/subscription');
    withCommerce((flows) => flows.requestSubscribe({ contentType }, options, subscriptionPath));
  };
  return <SubscribeOffer contentType={contentType} onSubscribe={subscribe} onPrefetch={loadCommerceInBackground} />;
}

function DetailsView({
  article,
  bySubscription,
  gameMedia,
  trackLists,
}: {
  article: NonNullable<ReturnType<typeof useArticle>['data']>;
  bySubscription: boolean;
  gameMedia: GameMedia | null;
  trackLists: TrackLists | null;
}) {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const runtime = useCommerceRuntime();
  return (
    <div className="flex flex-col gap-10">
      <ArticleDetailsView
        article={{ ...article }}
        priceInAction={signInToPlayFree(article, signedIn)}
        gameMedia={gameMedia}
        trackLists={trackLists}
        actions={
          <>
            <CommerceActions article={article} />
            <EngagementActions article={article} />
            <ShareButton item={{ title: article.title, href: articleHref(article) }} />
          </>
        }
        extra={
          <>
            {article.contentType === 'tournament' && (
              <Suspense fallback={null}>
                <TournamentPanel tournamentId={article.id} title={article.title} startDate={typeof article.customProperties.startDate === 'string' ? article.customProperties.startDate : null} />
              </Suspense>
            )}
            {isOnlineGame(article.contentType) && runtime && <runtime.GameLeaderboard contentId={article.id} />}
          </>
        }
      />
      {bySubscription && <DetailsSubscribeOffer contentType={article.contentType} />}
      <AdSlot place="details" />
    </div>
  );
}
