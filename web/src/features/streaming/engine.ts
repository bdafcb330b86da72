/**
 * The audio engine the player drives: one sound at a time. The real one is Howler.js
 * (howler-engine.ts, loaded on first play); tests use a fake.
 */
export interface EngineEvents {
  onLoad: () => void;
  onPlay: () => void;
  onPause: () => void;
  onEnd: () => void;
  onLoadError: (error: unknown) => void;
  onPlayError: (error: unknown) => void;
}

export interface AudioEngine {
  /** Replaces the current sound (the previous one is unloaded). */
  load: (url: string, events: EngineEvents, options: { volume: number; muted: boolean }) => void;
  play: () => void;
  pause: () => void;
  stop: () => void;
  seek: (seconds: number) => void;
  /** Seconds played of the current sound. */
  position: () => number;
  /** Seconds; 0 until known. */
  duration: () => number;
  setVolume: (volume: number) => void;
  setMuted: (muted: boolean) => void;
  unload: () => void;
}

export type EngineFactory = () => Promise<AudioEngine>;
