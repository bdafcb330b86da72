/** The challenge the `challenge-join` dialog offers: set before the dialog manager opens it. */
import { createStore, useStore } from 'zustand';
import { openDialog } from '@/lib/dialogs';
import type { Challenge } from './types';

export const joinTargetStore = createStore<{ challenge: Challenge | null }>()(() => ({ challenge: null }));

export function openChallengeJoin(challenge: Challenge): void {
  joinTargetStore.setState({ challenge });
  openDialog('challenge-join');
}

export function useJoinTarget(): Challenge | null {
  return useStore(joinTargetStore, (state) => state.challenge);
}
