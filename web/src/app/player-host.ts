/**
 * Hands the music player (features/streaming) what it cannot own (issue 13): who is signed in, the
 * tenant's FTMDOnly flag, sign-in, the purchase dialog and consume check at a preview's end,
 * snackbars and progress analytics; and lets catalog track lists and previews play through it.
 * `playAudio` is the purchase flow's way to start audio once the purchase check allowed it.
 * The player's code, and the mini player's, load with the first play (issue 52: a details page
 * showed 5 KB of player it runs only when something plays).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HISTORY_QUERY_KEY } from '@/features/engagement/api/get-history';
import { useTranslation } from '@/lib/use-translation';
import type { ArticleDetails } from '@/features/catalog/types';
import { setPreviewHandler } from '@/features/catalog/preview-player';
import { reportEvent } from '@/features/events/api/report-event';
import { checkAndConsume, showOffers } from '@/features/purchases/flow';
import { isAudioCollection } from '@/features/purchases/purchase-types';
import type { ArticleRef } from '@/features/purchases/types';
import type * as Player from '@/features/streaming/player';
import { playerStore } from '@/features/streaming/player-store';
import type { Track } from '@/features/streaming/playlist';
import { requestLogin } from '@/features/subscriptions/flow';
import { loadPart } from '@/lib/lazy-part';
import { showSnackbar } from '@/lib/snackbar';
import { portalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { known, rememberArticle, trackOfArticle } from './known-articles';

type PlayerModule = typeof Player;

/** The player once loaded; what the host hands it, kept for when it loads. */
let player: PlayerModule | null = null;
let playerHost: Partial<Player.PlayerHost> | null = null;
let loading: Promise<PlayerModule> | null = null;

/** Starts (or joins) the player's download, and the mini player's beside it; a failed download may be tried again. */
export function loadPlayer(): Promise<PlayerModule> {
  loading ??= loadPart(() => {
    void import('@/features/streaming/components/mini-player');
    return import('@/features/streaming/player');
  }).then(
    (module) => {
      if (playerHost) module.configurePlayer(playerHost);
      player = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Plays a collection's tracks: a list as given (albums, playlists), chapters and episodes paged on from there. */
export async function playArticleList(article: ArticleDetails, options: { consume?: boolean } = {}): Promise<void> {
  rememberArticle(article);
  const children = known.get(article.id)?.children ?? [];
  const { playCollection, playTracks } = await loadPlayer();
  if (article.contentType === 'audiobook' || article.contentType === 'podcastcollection') return playCollection(article.id, children, options);
  return playTracks(children, { consume: options.consume });
}

/** The purchase flow allowed audio: the same track again in the open playlist, a collection's list, or the one item. */
export async function playAudio(article: ArticleRef, { consume, askCredit = false, startAt }: { consume: boolean; askCredit?: boolean; startAt?: number }): Promise<void> {
  // `askCredit`: Play on a collection a credit would unlock track by track: a track that needs one is asked for by its title.
  const credit = askCredit ? ('ask' as const) : undefined;
  const { playCollection, playTracks, replay } = await loadPlayer();
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
    playerHost = {
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
    };
    player?.configurePlayer(playerHost);
  }, [lang, t, queryClient]);

  useEffect(() => {
    // Before the player has loaded, nothing plays: nothing to stop, no item playing.
    setPreviewHandler({
      play: (list, index) => loadPlayer().then((loaded) => loaded.playTracks(list.map(trackOfArticle), { start: index })),
      stop: () => player?.pause(),
      isPlaying: (id) => player !== null && player.isCurrent(id) && playerStore.getState().status === 'playing',
      subscribe: (listener) => playerStore.subscribe(listener),
      enqueue: (item) => void loadPlayer().then((loaded) => loaded.enqueue(trackOfArticle(item))),
    });
  }, []);
}
