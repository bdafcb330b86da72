/**
 * The audio engine on Howler.js, imported on first play so the page does not carry it (issue 13
 * speed budget). HTML5 mode streams (no full download before playing); commerce §9: a pool of 10
 * audio elements and auto-suspend after 30 s idle (Howler's own idle timer is 30 s).
 */
import type { Howl as HowlType } from 'howler';
import type { AudioEngine, EngineEvents } from './engine';

export const HTML5_POOL_SIZE = 10;

/** Howler needs a format where the URL has no extension (signed URLs end in a query). */
export function formatOf(url: string): string[] {
  const extension = /\.([a-z0-9]{2,4})(?:[?#]|$)/i.exec(url.split('?')[0] ?? url)?.[1]?.toLowerCase();
  return [extension ?? 'mp3'];
}

export async function createHowlerEngine(): Promise<AudioEngine> {
  const { Howl, Howler } = await import('howler');
  Howler.html5PoolSize = HTML5_POOL_SIZE;
  Howler.autoSuspend = true;
  let sound: HowlType | null = null;

  const unload = () => {
    sound?.off();
    sound?.unload();
    sound = null;
  };

  return {
    load(url: string, events: EngineEvents, { volume, muted }) {
      unload();
      sound = new Howl({
        src: [url],
        html5: true,
        format: formatOf(url),
        volume,
        mute: muted,
        preload: true,
        onload: events.onLoad,
        onplay: events.onPlay,
        onpause: events.onPause,
        onend: events.onEnd,
        onloaderror: (_id, error) => events.onLoadError(error),
        onplayerror: (_id, error) => events.onPlayError(error),
      });
    },
    play: () => void sound?.play(),
    pause: () => void sound?.pause(),
    stop: () => void sound?.stop(),
    seek: (seconds) => void sound?.seek(seconds),
    position: () => {
      const value = sound?.seek();
      return typeof value === 'number' && Number.isFinite(value) ? value : 0;
    },
    duration: () => sound?.duration() ?? 0,
    setVolume: (volume) => void sound?.volume(volume),
    setMuted: (muted) => void sound?.mute(muted),
    unload,
  };
}
