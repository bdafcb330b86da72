/** The <video>'s playing state, position, duration, volume and buffering, as React state from its events. */
import { useEffect, useState, type RefObject } from 'react';

export interface MediaState {
  paused: boolean;
  ended: boolean;
  currentTime: number;
  duration: number;
  volume: number;
  muted: boolean;
  waiting: boolean;
  /** Metadata is known (duration, first frame on its way). */
  ready: boolean;
}

const INITIAL: MediaState = { paused: true, ended: false, currentTime: 0, duration: 0, volume: 1, muted: false, waiting: false, ready: false };

const EVENTS = ['play', 'pause', 'ended', 'timeupdate', 'durationchange', 'loadedmetadata', 'volumechange', 'waiting', 'playing', 'canplay', 'seeked', 'emptied'] as const;

export function useMediaState(videoRef: RefObject<HTMLVideoElement | null>): MediaState {
  const [state, setState] = useState<MediaState>(INITIAL);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const read = (event?: Event) => {
      const waiting = event?.type === 'waiting' ? true : event && ['playing', 'canplay', 'seeked', 'pause', 'emptied'].includes(event.type) ? false : undefined;
      setState((current) => ({
        paused: video.paused,
        ended: video.ended,
        currentTime: video.currentTime,
        duration: Number.isFinite(video.duration) ? video.duration : 0,
        volume: video.volume,
        muted: video.muted,
        waiting: waiting ?? current.waiting,
        ready: video.readyState >= HTMLMediaElement.HAVE_METADATA,
      }));
    };
    read();
    for (const name of EVENTS) video.addEventListener(name, read);
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, read);
    };
  }, [videoRef]);
  return state;
}
