/**
 * The Media Session API (lock screen, keyboard media keys): the track's title, artist and artwork and
 * the play/pause/previous/next/seek handlers. Every call is a no-op where the API is missing.
 */
export interface SessionTrack {
  title: string;
  artist?: string;
  imageUrl?: string | null;
}

export interface SessionHandlers {
  play: () => void;
  pause: () => void;
  previous: () => void;
  next: () => void;
  seekTo: (seconds: number) => void;
}

type Nav = Pick<Navigator, 'mediaSession'> | undefined;

function session(nav: Nav): MediaSession | null {
  return nav && 'mediaSession' in nav && typeof nav.mediaSession === 'object' ? nav.mediaSession : null;
}

const currentNavigator = (): Nav => (typeof navigator === 'undefined' ? undefined : navigator);

export function setSessionTrack(track: SessionTrack | null, nav: Nav = currentNavigator()): void {
  const media = session(nav);
  if (!media) return;
  if (!track || typeof MediaMetadata === 'undefined') {
    media.metadata = null;
    return;
  }
  media.metadata = new MediaMetadata({ title: track.title, artist: track.artist ?? '', artwork: track.imageUrl ? [{ src: track.imageUrl }] : [] });
}

export function setSessionHandlers(handlers: SessionHandlers | null, nav: Nav = currentNavigator()): void {
  const media = session(nav);
  if (!media) return;
  const set = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
    try {
      media.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  };
  set('play', handlers ? () => handlers.play() : null);
  set('pause', handlers ? () => handlers.pause() : null);
  set('previoustrack', handlers ? () => handlers.previous() : null);
  set('nexttrack', handlers ? () => handlers.next() : null);
  set('seekto', handlers ? (details) => details.seekTime !== undefined && handlers.seekTo(details.seekTime) : null);
}

export function setSessionPlaying(playing: boolean | null, nav: Nav = currentNavigator()): void {
  const media = session(nav);
  if (media) media.playbackState = playing === null ? 'none' : playing ? 'playing' : 'paused';
}
