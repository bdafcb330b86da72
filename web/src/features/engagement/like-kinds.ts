/**
 * Which kind of commerce §3 a catalog content type is liked as (the backend accepts the same
 * types per kind; docs/decisions.md "Likes"). Items of other types (news, articles, tournaments,
 * partners, info services, publishers) have no like button.
 */
import type { LikeKind } from './types';

const KIND_OF: Record<string, LikeKind> = {
  full_track_music: 'tracks',
  playlist: 'playlists',
  album: 'albums',
  artist: 'artists',
  game: 'games',
  online_game: 'Online Game',
  cloud_game: 'CloudGame',
  full_length_video: 'videos',
  video: 'videos',
  music_video: 'videos',
  videocollection: 'videoCollection',
  podcast: 'podcast',
  podcastcollection: 'podcastCollection',
  audiobook: 'audiobook',
  audio_book_chapter: 'audiobookChapter',
  voucher: 'product',
  voucherbook: 'product',
  app: 'product',
};

export function likeKindOf(contentType: string): LikeKind | null {
  return KIND_OF[contentType] ?? null;
}

/** The tabs of /favorites: every kind a user can like from the catalog, in the spec's order. */
export const FAVORITE_TABS: readonly LikeKind[] = ['tracks', 'albums', 'playlists', 'artists', 'videos', 'videoCollection', 'games', 'Online Game', 'podcast', 'podcastCollection', 'audiobook', 'audiobookChapter', 'product'];

/** Commerce §4: a liked item is unliked, anything else liked; a guest is told to sign in. */
export type LikeAction = 'login' | 'like' | 'unlike';

export function likeAction(signedIn: boolean, liked: boolean): LikeAction {
  if (!signedIn) return 'login';
  return liked ? 'unlike' : 'like';
}

export function isLiked(ids: Partial<Record<LikeKind, readonly number[]>> | undefined, kind: LikeKind, id: number): boolean {
  return ids?.[kind]?.includes(id) ?? false;
}
