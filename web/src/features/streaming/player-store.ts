/** The mini player's state: the playlist and what the current sound is doing. Survives route changes. */
import { createStore, useStore } from 'zustand';
import type { AudioError } from './audio-errors';
import type { PlaylistState } from './playlist';

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused';

export interface PlayerState {
  playlist: PlaylistState | null;
  status: PlayerStatus;
  /** Seconds. */
  position: number;
  duration: number;
  /** The current sound is the public preview, not the full track. */
  isPreview: boolean;
  error: AudioError | null;
  /** A seek is settling (commerce §9: the flag resets after 200 ms); the timer does not move the bar meanwhile. */
  seeking: boolean;
}

export const initialPlayerState: PlayerState = { playlist: null, status: 'idle', position: 0, duration: 0, isPreview: false, error: null, seeking: false };

export const playerStore = createStore<PlayerState>()(() => initialPlayerState);

export function setPlayer(patch: Partial<PlayerState>): void {
  playerStore.setState(patch);
}

export function usePlayer<T>(selector: (state: PlayerState) => T): T {
  return useStore(playerStore, selector);
}
