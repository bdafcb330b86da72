/**
 * Content types and the purchase-return `purchaseType` (the content type in upper case), and which
 * of them are downloaded, played or streamed once owned.
 */
import type { ConsumeDecision } from './consume-decision';

const SONG_DOWNLOADS = new Set(['full_track_music', 'album', 'audiobook', 'audio_book_chapter']);
const GAME_DOWNLOADS = new Set(['game']);
const PLAYED_PAGES = new Set(['online_game', 'cloud_game']);

export type DownloadKind = 'song' | 'game';

export function downloadKind(contentType: string): DownloadKind | null {
  const type = contentType.toLowerCase();
  if (SONG_DOWNLOADS.has(type)) return 'song';
  if (GAME_DOWNLOADS.has(type)) return 'game';
  return null;
}

/** A game played in a page (an iframe), not a media file. */
export function playsAsPage(contentType: string): boolean {
  return PLAYED_PAGES.has(contentType.toLowerCase());
}

export function playsAsVideo(contentType: string): boolean {
  return ['video', 'full_length_video', 'music_video'].includes(contentType.toLowerCase());
}

/** 'FULL_TRACK_MUSIC' → 'full_track_music'. */
export function contentTypeOfPurchaseType(purchaseType: string): string {
  return purchaseType.toLowerCase();
}

/** What follows a paid purchase made in place (PIN flow): the same rule as a purchase return (commerce §4). */
export function effectAfterPurchase(contentType: string): 'download' | 'play' | 'none' {
  if (playsAsPage(contentType)) return 'play';
  return downloadKind(contentType) ? 'download' : 'none';
}

/** Types whose full file is played from the details page. */
export const PLAYABLE: ReadonlySet<string> = new Set(['full_track_music', 'audio_book_chapter', 'video', 'full_length_video', 'music_video', 'podcast', 'online_game']);

/** Whether a details page offers a primary action, "play" or "download" behind the purchase check. */
export function consumesOnDetails(contentType: string): boolean {
  return PLAYABLE.has(contentType) || downloadKind(contentType) !== null || hasPrimaryAction(contentType);
}

/** Audio that plays in the mini player: single items and the collections whose tracks play as a list. */
const AUDIO_ITEMS = new Set(['full_track_music', 'podcast', 'audio_book_chapter']);
const AUDIO_COLLECTIONS = new Set(['album', 'playlist', 'audiobook', 'podcastcollection']);
const SPOKEN = new Set(['podcast', 'podcastcollection', 'audiobook', 'audio_book_chapter']);

export function playsAsAudio(contentType: string): boolean {
  return AUDIO_ITEMS.has(contentType) || AUDIO_COLLECTIONS.has(contentType);
}

export function isAudioCollection(contentType: string): boolean {
  return AUDIO_COLLECTIONS.has(contentType);
}

/** Types whose details page leads with the primary action by state (issue 13). */
export function hasPrimaryAction(contentType: string): boolean {
  return playsAsAudio(contentType) || playsAsVideo(contentType);
}

export type PlayVerb = 'play' | 'listen' | 'watch';

/** Watch for video, Listen for podcasts and audiobooks, Play for music. */
export function playVerb(contentType: string): PlayVerb {
  if (playsAsVideo(contentType)) return 'watch';
  return SPOKEN.has(contentType) ? 'listen' : 'play';
}

export type PrimaryAction = PlayVerb | 'subscribe' | 'buy' | 'sign-in' | 'unavailable';

/** The primary action's labels; `playAudio` is Play on music. */
export const ACTION_LABEL_KEYS = {
  play: 'purchases.actions.play',
  playAudio: 'purchases.actions.playAudio',
  listen: 'purchases.actions.listen',
  watch: 'purchases.actions.watch',
  subscribe: 'purchases.actions.subscribe',
  buy: 'purchases.actions.buy',
  'sign-in': 'purchases.actions.signIn',
  unavailable: 'purchases.actions.unavailable',
} as const satisfies Record<PrimaryAction | 'playAudio', string>;

/**
 * The label of a primary action. Play on music takes the language's verb for sound (Arabic استمع,
 * French Lire, German Abspielen), not the one for a game (العب, Jouer, Spielen; issue 30).
 */
export function actionLabelKey(action: PrimaryAction, contentType: string): (typeof ACTION_LABEL_KEYS)[keyof typeof ACTION_LABEL_KEYS] {
  return action === 'play' && playsAsAudio(contentType) ? ACTION_LABEL_KEYS.playAudio : ACTION_LABEL_KEYS[action];
}

/**
 * The details page's primary action from the entitlement answer (the purchase check's decision):
 * allowed → Play / Listen / Watch; a guest asked to sign in → Sign in; an inactive plan or plans on
 * offer → Subscribe; only the item's own price → Buy. An error keeps the verb: pressing it shows why.
 */
export function primaryActionOf(contentType: string, decision: ConsumeDecision): PrimaryAction {
  switch (decision.kind) {
    case 'consume':
    case 'confirm-credit':
    case 'error':
      return playVerb(contentType);
    case 'login':
      return 'sign-in';
    case 'inactive':
      return 'subscribe';
    case 'options':
      return decision.upgradeTo.length + decision.downgradeTo.length > 0 || decision.purchase.some((option) => option.type === 'subscription') ? 'subscribe' : 'buy';
    case 'device-not-supported':
    case 'not-available':
      return 'unavailable';
  }
}
