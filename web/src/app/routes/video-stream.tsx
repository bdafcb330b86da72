/**
 * The stream pages (/video/stream/:id, /video/stream/:name/:id, /video/:ex/stream/…; empty layout):
 * films, episodes, trailers and music videos play here. The article comes from the catalog; the
 * streaming feature plays it; the ways to get a video the user may not watch yet come from the
 * purchases flow (purchase check → confirm a credit, plans, buy) and sign-in.
 *
 * When the purchase check ends in "play" for this video (a plan that covers it, a confirmed
 * credit, a purchase), the page asks for the stream again, with `consume` when the flow says a
 * credit was confirmed (navigation state), so it is spent.
 *
 * The page shows without the commerce runtime: its buttons start their flows through it on the first press
 * (`withCommerce`, issue 77 item 6).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { trailingId } from '@/config/content-paths';
import { useArticle } from '@/features/catalog/api/get-article';
import type { ArticleDetails } from '@/features/catalog/types';
import { isRatingLimitError } from '@/features/parental-control/types';
import { useMoney } from '@/features/purchases/hooks/use-money';
import type { ArticleRef } from '@/features/purchases/types';
import type { VideoStream } from '@/features/streaming/api/video-streaming';
import { VideoStreamView } from '@/features/streaming/components/video-stream-page';
import { ApiError } from '@/lib/api-client';
import { setPageTitle } from '@/lib/page-title';
import { usePortalStore } from '@/lib/store';
import { useLocalizePath } from '@/lib/use-language';
import { useCommerceRuntime, withCommerce } from '../commerce-loader';

const VIDEO_TYPES = new Set(['video', 'full_length_video', 'music_video']);

/**
 * The purchase flow's store once the commerce runtime has loaded, else null: a flow runs only with the runtime
 * (on the first press, or as soon as someone is signed in), so until then nothing is busy or granted, and the page
 * does not load the store with its first paint (issue 77 item 6).
 */
function usePurchaseStore() {
  return useCommerceRuntime()?.purchaseStore ?? null;
}

const noSubscription = () => () => undefined;

/** The flow is busy (a purchase check, a purchase): its buttons wait. */
function useFlowBusy(): boolean {
  const store = usePurchaseStore();
  return useSyncExternalStore(store ? store.subscribe : noSubscription, () => store?.getState().busy ?? false);
}

/** Sign in, watch in full (the purchase check), and the stream answer's plans and single purchase. */
function VideoOffer({ article, stream, signedIn }: { article: ArticleRef; stream: VideoStream; signedIn: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const busy = useFlowBusy();
  if (!signedIn) {
    return (
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => withCommerce((flows) => flows.requestLogin())}>{t('video.actions.signIn')}</Button>
      </div>
    );
  }
  const options = [...stream.purchase].sort((a, b) => a.sort - b.sort);
  return (
    <div className="flex flex-wrap gap-3">
      <Button disabled={busy} onClick={() => withCommerce((flows) => flows.checkAndConsume(article, 'play'))}>
        {t('video.actions.watch')}
      </Button>
      {options.map((option) =>
        option.type === 'subscription' && option.subscriptionType ? (
          <Button key={option.purchaseIdentifier} variant="secondary" disabled={busy} onClick={() => {
              const plan = option.subscriptionType?.id;
              if (plan !== undefined) withCommerce((flows) => flows.choosePlan(plan));
            }}>
            {t('video.actions.subscribe', { plan: option.subscriptionType.name, price: money(option.price) })}
          </Button>
        ) : option.type === 'DTO' ? (
          <Button key={option.purchaseIdentifier} variant="secondary" disabled={busy} onClick={() => withCommerce((flows) => flows.buySingle(article))}>
            {t('video.actions.buy', { price: money(option.price) })}
          </Button>
        ) : null,
      )}
    </div>
  );
}

/**
 * The flow allowed this video (a plan, a confirmed credit, a purchase) while its page is open: ask
 * for the stream again. The flow also navigates here with `state.consume` when a credit was confirmed.
 */
function useGrantedPlay(articleId: number | null): { grant: number; consume: boolean } {
  const location = useLocation();
  const consume = (location.state as { consume?: unknown } | null)?.consume === true;
  const [grant, setGrant] = useState(0);
  const store = usePurchaseStore();
  useEffect(() => {
    if (articleId === null || !store) return;
    return store.subscribe((flow, previous) => {
      const allowed = flow.playing?.articleId === articleId && flow.playing !== previous.playing;
      const bought = flow.result !== previous.result && flow.result?.outcome === 'success' && flow.result.articleId === articleId;
      // The flow's `stopPlaying`: this page plays the video itself.
      if (allowed) store.setState({ playing: null });
      if (allowed || bought) setGrant((current) => current + 1);
    });
  }, [articleId, store]);
  return { grant, consume };
}

export default function VideoStreamPage() {
  const { t } = useTranslation();
  const params = useParams();
  const localize = useLocalizePath();
  const id = trailingId(params.name, params.id);
  const numericId = id !== null && /^\d+$/.test(id) ? Number(id) : null;
  const details = useArticle(numericId);
  const signedIn = usePortalStore((state) => state.role === 'user');
  const granted = useGrantedPlay(numericId);
  const article: ArticleDetails | undefined = details.data;

  useEffect(() => {
    setPageTitle(article?.title ?? null);
    return () => setPageTitle(null);
  }, [article?.title]);

  const notFound = numericId === null || (details.error instanceof ApiError && details.error.status === 404) || (article !== undefined && !VIDEO_TYPES.has(article.contentType));
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-3 pb-10 pt-16 sm:px-6">
      {notFound ? (
        <section role="alert" className="flex flex-col items-center gap-4 py-20 text-center">
          <h1 className="text-2xl font-extrabold">{t('catalog.notFoundTitle')}</h1>
          <p className="text-white/80">{t('catalog.notFoundText')}</p>
          {details.error instanceof ApiError && isRatingLimitError(details.error.body) && (
            <p data-testid="parental-note" className="max-w-md rounded-xl border border-white/20 px-4 py-3 text-sm">
              {t('error.parentalControl')}
            </p>
          )}
          <Link to={localize('/')} className={buttonClass('primary')}>
            {t('page.goHome')}
          </Link>
        </section>
      ) : details.isError ? (
        <section role="alert" className="flex flex-col items-center gap-4 py-20 text-center">
          <h1 className="text-2xl font-extrabold">{t('video.errors.stream')}</h1>
          <Button onClick={() => void details.refetch()}>{t('video.retry')}</Button>
        </section>
      ) : !article ? (
        <div role="status" className="flex aspect-video w-full items-center justify-center rounded-xl bg-neutral-900 text-sm">
          {t('video.loading')}
        </div>
      ) : (
        <>
          <h1 className="text-xl font-extrabold sm:text-2xl" dir="auto">
            {article.title}
          </h1>
          <VideoStreamView
            article={{ id: article.id, title: article.title, contentType: article.contentType, imageUrl: article.imageUrl ?? null, description: article.description }}
            signedIn={signedIn}
            consume={granted.consume}
            grant={granted.grant}
            offer={(stream) => <VideoOffer article={{ id: article.id, title: article.title, contentType: article.contentType }} stream={stream} signedIn={signedIn} />}
          />
          {article.description && (
            <p className="max-w-3xl text-sm text-white/80" dir="auto">
              {article.description}
            </p>
          )}
        </>
      )}
    </div>
  );
}
