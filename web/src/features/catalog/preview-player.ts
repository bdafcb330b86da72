/**
 * One preview at a time (GET /media/{id}?kind=preview) through a plain <audio> element; the
 * persistent player comes with the player issue.
 */
import { getMediaUrl } from './api/get-media-url';

let audio: HTMLAudioElement | null = null;
let playingId: number | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function subscribePreview(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function stopPreview(): void {
  audio?.pause();
  playingId = null;
  notify();
}

export async function playPreview(id: number): Promise<void> {
  stopPreview();
  playingId = id;
  notify();
  const media = await getMediaUrl(id, 'preview');
  if (playingId !== id) return;
  audio ??= new Audio();
  audio.onended = stopPreview;
  audio.src = media.url;
  await audio.play();
}


export function isPlayingPreview(id: number): boolean {
  return playingId === id;
}
