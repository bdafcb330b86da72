/** Attaches a stream to the player's <video> (video-engine.ts) and keeps its quality levels and fatal error as state. */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { attachVideo, type EngineKind, type FatalKind, type VideoEngine } from '../video-engine';
import { AUTO_LEVEL, type VideoLevel } from '../video-levels';

export interface VideoEngineState {
  kind: EngineKind | null;
  levels: VideoLevel[];
  /** The rendition on screen (-1 before the first). */
  playingLevel: number;
  /** The user's choice: -1 = automatic. */
  chosenLevel: number;
  error: FatalKind | null;
}

const INITIAL: VideoEngineState = { kind: null, levels: [], playingLevel: -1, chosenLevel: AUTO_LEVEL, error: null };

export function useVideoEngine(videoRef: RefObject<HTMLVideoElement | null>, url: string | null) {
  const [state, setState] = useState<VideoEngineState>(INITIAL);
  const engine = useRef<VideoEngine | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !url) return;
    let cancelled = false;
    setState(INITIAL);
    void attachVideo(video, url, {
      onLevels: (levels) => !cancelled && setState((current) => ({ ...current, levels })),
      onLevelSwitched: (level) => !cancelled && setState((current) => ({ ...current, playingLevel: level })),
      onFatal: (error) => !cancelled && setState((current) => ({ ...current, error })),
    }).then(
      (attached) => {
        if (cancelled) attached.destroy();
        else {
          engine.current = attached;
          setState((current) => ({ ...current, kind: attached.kind }));
        }
      },
      (error: unknown) => {
        // The hls.js chunk failed to load (offline, a new build): a network error with retry.
        console.error('Video engine failed to load', error);
        if (!cancelled) setState((current) => ({ ...current, error: 'network' }));
      },
    );
    return () => {
      cancelled = true;
      engine.current?.destroy();
      engine.current = null;
    };
  }, [videoRef, url]);

  const setLevel = useCallback((level: number) => {
    engine.current?.setLevel(level);
    setState((current) => ({ ...current, chosenLevel: level }));
  }, []);

  return { ...state, setLevel };
}
