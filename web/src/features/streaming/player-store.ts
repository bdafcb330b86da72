/** The mini player's state: the playlist and what the current sound is doing. Survives route changes. */
import { createStore, useStore } from 'zustand';
import type { AudioError } from './audio-errors';
import type { PlaylistState } from './playlist';

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused';

/** Why the player stopped and waits for Play: a credit, a way to get the track, or (FTMDOnly) only owned tracks play. */
export type PlayerNoticeKey = 'needsCredit' | 'needsPurchase' | 'ownedOnly';

export interface PlayerState {
  playlist: PlaylistState | null;
  status: PlayerStatus;
  /** Seconds. */
  position: number;
  duration: number;
  /** The current sound is the public preview, not the full track. */
  isPreview: boolean;
  error: AudioError | null;
  /**
   * A quiet note in the mini player: the queue stopped at a track that needs the user's word (a credit,
   * or one of the ways to get it) rather than opening a dialog over whatever page is open (issue 30).
   */
  notice: { key: PlayerNoticeKey; title: string } | null;
  /** A seek is settling (commerce §9: the flag resets after 200 ms); the timer does not move the bar meanwhile. */
  seeking: boolean;
}

export const initialPlayerState: PlayerState = { playlist: null, status: 'idle', position: 0, duration: 0, isPreview: false, error: null, notice: null, seeking: false };

export const playerStore = createStore<PlayerState>()(() => initialPlayerState);

export function setPlayer(patch: Partial<PlayerState>): void {
  playerStore.setState(patch);
}

export function usePlayer<T>(selector: (state: PlayerState) => T): T {
  return useStore(playerStore, selector);
}
