/**
 * Puts a stream on a <video>: HLS through hls.js (loaded on first use, so it never enters the
 * initial bundle), the browser's own HLS where hls.js cannot run (no Media Source Extensions, e.g.
 * iOS Safari), and a plain file (the mp4 preview) as it is. A fatal error is recovered once
 * (reload for network errors, hls.js's media recovery for decoding errors); the second one is
 * reported to the page.
 */
import type { VideoLevel } from './video-levels';

export type EngineKind = 'hls' | 'native' | 'file';
export type FatalKind = 'network' | 'media' | 'unsupported';

export interface EngineEvents {
  /** The renditions of the master playlist (empty for a plain file or native HLS). */
  onLevels: (levels: VideoLevel[]) => void;
  /** The rendition on screen changed; `auto` = adaptive switching is on. */
  onLevelSwitched: (level: number, auto: boolean) => void;
  onFatal: (kind: FatalKind) => void;
}

export interface VideoEngine {
  kind: EngineKind;
  /** -1 = automatic, else an index into the levels. */
  setLevel: (level: number) => void;
  destroy: () => void;
}

const HLS_PATH = /\.m3u8(?:$|[?#])/i;

export function isHlsUrl(url: string): boolean {
  try {
    return HLS_PATH.test(new URL(url, 'http://x').pathname);
  } catch {
    return HLS_PATH.test(url);
  }
}

function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

/** A plain file or the browser's own HLS: one reload after a fatal error, at the same position. */
function attachDirect(video: HTMLVideoElement, url: string, kind: EngineKind, events: EngineEvents): VideoEngine {
  let recovered = false;
  const onError = () => {
    const code = video.error?.code;
    const fatalKind: FatalKind = code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED ? 'unsupported' : code === MediaError.MEDIA_ERR_NETWORK ? 'network' : 'media';
    if (recovered || fatalKind === 'unsupported') return events.onFatal(fatalKind);
    recovered = true;
    const at = video.currentTime;
    video.load();
    video.currentTime = at;
  };
  video.addEventListener('error', onError);
  video.src = url;
  events.onLevels([]);
  return {
    kind,
    setLevel: () => undefined,
    destroy: () => {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}

export async function attachVideo(video: HTMLVideoElement, url: string, events: EngineEvents): Promise<VideoEngine> {
  if (!isHlsUrl(url)) return attachDirect(video, url, 'file', events);
  const nativeHls = video.canPlayType('application/vnd.apple.mpegurl') !== '';
  // Without Media Source Extensions hls.js cannot run: do not download it.
  if (!hasMediaSource()) {
    if (nativeHls) return attachDirect(video, url, 'native', events);
    events.onFatal('unsupported');
    return { kind: 'hls', setLevel: () => undefined, destroy: () => undefined };
  }
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    if (nativeHls) return attachDirect(video, url, 'native', events);
    events.onFatal('unsupported');
    return { kind: 'hls', setLevel: () => undefined, destroy: () => undefined };
  }
  // No worker: the page's Content-Security-Policy has no blob: workers, and these streams are small.
  const hls = new Hls({ enableWorker: false, startLevel: -1, capLevelToPlayerSize: false });
  let recovered = false;
  hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
    events.onLevels(data.levels.map((level) => ({ height: level.height, width: level.width, bitrate: level.bitrate })));
  });
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => {
    events.onLevelSwitched(data.level, hls.autoLevelEnabled);
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    const kind: FatalKind = data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'network' : data.type === Hls.ErrorTypes.MEDIA_ERROR ? 'media' : 'unsupported';
    if (recovered || kind === 'unsupported') {
      hls.stopLoad();
      events.onFatal(kind);
      return;
    }
    recovered = true;
    if (kind === 'network') hls.startLoad(video.currentTime > 0 ? video.currentTime : -1);
    else hls.recoverMediaError();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    kind: 'hls',
    setLevel: (level) => {
      // currentLevel switches now (flushing what is buffered), so the choice shows at once.
      hls.currentLevel = level;
      if (level < 0) hls.nextLevel = -1;
    },
    destroy: () => hls.destroy(),
  };
}
