/**
 * Purchased tracks kept for offline listening (issue 16). Only a track whose download the backend's
 * entitlement decision allowed is kept: the caller passes the signed, expiring link that
 * POST /song/download answered (a refusal never yields one). The file is stored in Cache Storage
 * under /offline-tracks/<articleId>, where the service worker answers it, with range requests, also
 * without a connection (build-tools/service-worker.ts). Online playback still asks the backend.
 *
 * Each kept copy names the account that kept it; the list shows only the signed-in account's, so
 * another account on the same device neither sees nor plays it.
 */
export const OFFLINE_TRACKS_CACHE = 'portal-offline-tracks';
const PATH = '/offline-tracks/';
const HEADER_TITLE = 'X-Portal-Title';
const HEADER_OWNER = 'X-Portal-Owner';
const HEADER_KEPT_AT = 'X-Portal-Kept-At';

export interface OfflineTrack {
  articleId: number;
  title: string;
  /** Where the service worker answers it (an <audio> source). */
  url: string;
  keptAt: string;
}

export function offlineTrackUrl(articleId: number): string {
  return `${PATH}${articleId}`;
}

export function offlineStorageAvailable(): boolean {
  return typeof caches !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** Fetches the entitled download and keeps it for `owner` (the account's UUID). */
export async function keepTrackOffline(track: { articleId: number; title: string }, signedDownloadUrl: string, owner: string): Promise<OfflineTrack> {
  const answer = await fetch(signedDownloadUrl, { credentials: 'same-origin' });
  if (!answer.ok) throw new Error(`The download answered ${answer.status}`);
  const body = await answer.blob();
  const keptAt = new Date().toISOString();
  const headers = new Headers({
    'Content-Type': answer.headers.get('Content-Type') ?? (body.type || 'audio/mpeg'),
    'Content-Length': String(body.size),
    [HEADER_TITLE]: encodeURIComponent(track.title),
    [HEADER_OWNER]: owner,
    [HEADER_KEPT_AT]: keptAt,
  });
  const cache = await caches.open(OFFLINE_TRACKS_CACHE);
  await cache.put(offlineTrackUrl(track.articleId), new Response(body, { status: 200, headers }));
  return { articleId: track.articleId, title: track.title, url: offlineTrackUrl(track.articleId), keptAt };
}

/** The tracks `owner` kept on this device, newest first. */
export async function listOfflineTracks(owner: string): Promise<OfflineTrack[]> {
  if (!offlineStorageAvailable()) return [];
  const cache = await caches.open(OFFLINE_TRACKS_CACHE);
  const tracks: OfflineTrack[] = [];
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    const articleId = Number(url.pathname.slice(PATH.length));
    if (!url.pathname.startsWith(PATH) || !Number.isInteger(articleId)) continue;
    const response = await cache.match(request);
    if (response?.headers.get(HEADER_OWNER) !== owner) continue;
    tracks.push({
      articleId,
      title: decodeURIComponent(response.headers.get(HEADER_TITLE) ?? ''),
      url: offlineTrackUrl(articleId),
      keptAt: response.headers.get(HEADER_KEPT_AT) ?? '',
    });
  }
  return tracks.sort((a, b) => b.keptAt.localeCompare(a.keptAt));
}

export async function removeOfflineTrack(articleId: number): Promise<void> {
  if (!offlineStorageAvailable()) return;
  const cache = await caches.open(OFFLINE_TRACKS_CACHE);
  await cache.delete(offlineTrackUrl(articleId));
}
