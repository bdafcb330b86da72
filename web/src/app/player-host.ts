/**
 * Hands the music player (features/streaming) what it cannot own (issue 13): who is signed in, the
 * tenant's FTMDOnly flag, sign-in, the purchase dialog and consume check at a preview's end,
 * snackbars and progress analytics; and lets catalog track lists and previews play through it.
 * `playAudio` is the purchase flow's way to start audio once the purchase check allowed it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HISTORY_QUERY_KEY } from '@/features/engagement/api/get-history';
import { useTranslation } from '@/lib/use-translation';
import type { Article, ArticleDetails } from '@/features/catalog/types';
import { setPreviewHandler, type PreviewItem } from '@/features/catalog/preview-player';
import { reportEvent } from '@/features/events/api/report-event';
import { checkAndConsume, showOffers } from '@/features/purchases/flow';
import { isAudioCollection } from '@/features/purchases/purchase-types';
import type { ArticleRef } from '@/features/purchases/types';
import { configurePlayer, enqueue, isCurrent, pause, playCollection, playTracks, replay } from '@/features/streaming/player';
import { playerStore } from '@/features/streaming/player-store';
import type { Track } from '@/features/streaming/playlist';
import { requestLogin } from '@/features/subscriptions/flow';
import { showSnackbar } from '@/lib/snackbar';
import { portalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { articleHref, artistNames } from '@/features/catalog/article-meta';

/** Collections whose tracks come with their details answer (the rest page through the collection). */
const LISTED_CHILDREN = ['tracks', 'chapters', 'episodes', 'topTracks'] as const;

export function trackOfArticle(article: PreviewItem | Article): Track {
  return {
    id: article.id,
    title: article.title,
    artist: artistNames(article) || undefined,
    imageUrl: article.imageUrl ?? null,
    contentType: article.contentType,
    collectionId: article.collectionInfo.articleId ?? null,
    durationSeconds: article.durationSeconds ?? null,
    isWalletItem: article.isWalletItem ?? undefined,
    href: articleHref(article),
  };
}

/** Articles seen on details pages, so a play started by the purchase flow (an id and a title) has its cover and list. */
const known = new Map<number, { track: Track; children: Track[] }>();

export function rememberArticle(article: ArticleDetails): void {
  const children = LISTED_CHILDREN.flatMap((key) => article[key] ?? []).map(trackOfArticle);
  known.set(article.id, { track: trackOfArticle(article), children });
}

/** Plays a collection's tracks: a list as given (albums, playlists), chapters and episodes paged on from there. */
export function playArticleList(article: ArticleDetails, options: { consume?: boolean } = {}): Promise<void> {
  rememberArticle(article);
  const children = known.get(article.id)?.children ?? [];
  if (article.contentType === 'audiobook' || article.contentType === 'podcastcollection') return playCollection(article.id, children, options);
  return playTracks(children, { consume: options.consume });
}

/** The purchase flow allowed audio: the same track again in the open playlist, a collection's list, or the one item. */
export async function playAudio(article: ArticleRef, { consume, askCredit = false, startAt }: { consume: boolean; askCredit?: boolean; startAt?: number }): Promise<void> {
  // `askCredit`: Play on a collection a credit would unlock track by track: a track that needs one is asked for by its title.
  const credit = askCredit ? ('ask' as const) : undefined;
  // `startAt`: History's Resume, from the place the user left it.
  if (await replay(article.id, { consume, startAt })) return;
  const seen = known.get(article.id);
  if (isAudioCollection(article.contentType)) {
    if (seen && seen.children.length > 0 && article.contentType !== 'audiobook' && article.contentType !== 'podcastcollection') return playTracks(seen.children, { consume, credit });
    return playCollection(article.id, seen?.children ?? null, { consume, credit });
  }
  const track: Track = seen?.track ?? { id: article.id, title: article.title, contentType: article.contentType, collectionId: article.collectionId ?? null };
  await playTracks([track], { consume, startAt });
}

function refOf(track: Track): ArticleRef {
  return { id: track.id, title: track.title, contentType: track.contentType, collectionId: track.collectionId ?? null };
}

export function usePlayerHost(): void {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const queryClient = useQueryClient();

  useEffect(() => {
    configurePlayer({
      signedIn: () => portalStore.getState().role === 'user',
      ftmdOnly: () => portalStore.getState().configs.features?.FTMDOnly === true,
      lang: () => lang,
      login: () => requestLogin(),
      showOffers: (track, purchase) => showOffers(refOf(track), purchase),
      consumeCheck: (track) => void checkAndConsume(refOf(track), 'play'),
      notify: (key, tone) => showSnackbar(t(key), tone),
      progress: (track, percent, isPreview) => void reportEvent('playerProgress', { articleId: track.id, contentType: track.contentType, percent, preview: isPreview }),
      // History shows the play at once (issue 30), not after its cache grows old.
      historyChanged: () => void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY }),
    });
  }, [lang, t, queryClient]);

  useEffect(() => {
    setPreviewHandler({
      play: (list, index) => playTracks(list.map(trackOfArticle), { start: index }),
      stop: () => pause(),
      isPlaying: (id) => isCurrent(id) && playerStore.getState().status === 'playing',
      subscribe: (listener) => playerStore.subscribe(listener),
      enqueue: (item) => enqueue(trackOfArticle(item)),
    });
  }, []);
}
