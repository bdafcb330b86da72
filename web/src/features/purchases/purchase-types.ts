/**
 * Content types and the purchase-return `purchaseType` (the content type in upper case), and which
 * of them are downloaded, played or streamed once owned.
 */
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

/** Types whose full file is played from the details page (the players issue takes over later). */
export const PLAYABLE: ReadonlySet<string> = new Set(['full_track_music', 'audio_book_chapter', 'video', 'full_length_video', 'music_video', 'podcast', 'online_game']);

/** Whether a details page offers "play in full" or "download" behind the purchase check. */
export function consumesOnDetails(contentType: string): boolean {
  return PLAYABLE.has(contentType) || downloadKind(contentType) !== null;
}
