/**
 * Where previews and track lists play. The app hands in the mini player (issue 13: the streaming
 * feature, which the catalog may not import). The mini player loads on first use (issue 14): a play
 * asks the app for it (`setPreviewHandlerRequest`) and waits until it is handed in. Without it (in
 * tests, or when it fails to load) one preview plays at a time through a plain <audio> element
 * (GET /media/{id}?kind=preview).
 */
import { getMediaUrl } from './api/get-media-url';
import type { Article } from './types';

export type PreviewItem = Pick<Article, 'id' | 'title' | 'contentType' | 'imageUrl' | 'artists' | 'durationSeconds' | 'collectionInfo' | 'isWalletItem' | 'href' | 'developerName'>;

export interface PreviewHandler {
  /** Plays `list` (a track list) from `index`; the server decides preview or full track. */
  play: (list: readonly PreviewItem[], index: number) => Promise<void>;
  stop: () => void;
  isPlaying: (id: number) => boolean;
  subscribe: (listener: () => void) => () => void;
  /** Adds an item to the queue (guests are asked to sign in). */
  enqueue: (item: PreviewItem) => void;
}

function audioElementHandler(): PreviewHandler {
  let audio: HTMLAudioElement | null = null;
  let playingId: number | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const stop = () => {
    audio?.pause();
    playingId = null;
    notify();
  };
  return {
    async play(list, index) {
      const item = list[index];
      if (!item) return;
      stop();
      playingId = item.id;
      notify();
      const media = await getMediaUrl(item.id, 'preview');
      if (playingId !== item.id) return;
      audio ??= new Audio();
      audio.onended = stop;
      audio.src = media.url;
      await audio.play();
    },
    stop,
    isPlaying: (id) => playingId === id,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    enqueue: () => undefined,
  };
}

let handler: PreviewHandler = audioElementHandler();
let handedIn = false;
let requestHandler: (() => Promise<void>) | null = null;
const handlerListeners = new Set<() => void>();

export function setPreviewHandler(next: PreviewHandler): void {
  handler = next;
  handedIn = true;
  handlerListeners.forEach((listener) => listener());
}

/** How to ask the app for the real handler; it resolves once loaded, or rejects. */
export function setPreviewHandlerRequest(request: (() => Promise<void>) | null): void {
  requestHandler = request;
}

/** The handed-in handler: asked for when it is not there yet; the <audio> one when that fails. */
function currentHandler(): Promise<PreviewHandler> {
  const request = requestHandler;
  if (handedIn || !request) return Promise.resolve(handler);
  return new Promise((resolve) => {
    const onHandler = () => {
      handlerListeners.delete(onHandler);
      resolve(handler);
    };
    handlerListeners.add(onHandler);
    request().catch((error: unknown) => {
      console.error('The player could not be loaded; previews play on their own', error);
      onHandler();
    });
  });
}

export function subscribePreview(listener: () => void): () => void {
  // Follows a handler handed in later, too.
  let unsubscribe = handler.subscribe(listener);
  const onHandler = () => {
    unsubscribe();
    unsubscribe = handler.subscribe(listener);
    listener();
  };
  handlerListeners.add(onHandler);
  return () => {
    handlerListeners.delete(onHandler);
    unsubscribe();
  };
}

export function stopPreview(): void {
  handler.stop();
}

export async function playPreview(item: PreviewItem, list: readonly PreviewItem[] = [item]): Promise<void> {
  const index = Math.max(0, list.findIndex((entry) => entry.id === item.id));
  const player = await currentHandler();
  return player.play(list.length > 0 ? list : [item], index);
}

export function isPlayingPreview(id: number): boolean {
  return handler.isPlaying(id);
}

export function queueTrack(item: PreviewItem): void {
  void currentHandler().then((player) => player.enqueue(item));
}
