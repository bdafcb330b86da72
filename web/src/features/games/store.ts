/** The game being played: its page, the score session, and where it runs (dialog iframe, own window, or a link to click). */
import { createStore, useStore } from 'zustand';
import type { Competition } from './types';

export type GameMode = 'frame' | 'window' | 'link';

export interface CurrentGame {
  articleId: number;
  title: string;
  uri: string;
  session: string;
  mode: GameMode;
  /** Played without signing in: scores post without the bearer. */
  guest: boolean;
}

export interface GamePlayState {
  current: CurrentGame | null;
  /** Bumped by "restart": the iframe reloads. */
  round: number;
  lastScore: number | null;
  /** A guest's last session per game, so their leaderboard marks their own entry. */
  guestSessions: Record<number, string>;
  busy: boolean;
  /** The arcade page is open: games start through /game/arcade-competition (commerce §7). */
  arcade: boolean;
  /** The competition the last arcade start entered: its players and the caller's standing. */
  competition: Competition | null;
}

export const gameStore = createStore<GamePlayState>()(() => ({ current: null, round: 0, lastScore: null, guestSessions: {}, busy: false, arcade: false, competition: null }));

export function setGame(next: Partial<GamePlayState>): void {
  gameStore.setState(next);
}

export function useGameStore<T>(selector: (state: GamePlayState) => T): T {
  return useStore(gameStore, selector);
}
