/** What the `tournament-join` dialog does: register a team for a tournament, or ask to join a team. Set before it opens. */
import { createStore, useStore } from 'zustand';
import { openDialog } from '@/lib/dialogs';

export type JoinTarget = { mode: 'register'; tournamentId: number; title: string } | { mode: 'join'; tournamentId: number; teamId: number; teamName: string };

export const joinTargetStore = createStore<{ target: JoinTarget | null }>()(() => ({ target: null }));

export function openJoinDialog(target: JoinTarget): void {
  joinTargetStore.setState({ target });
  openDialog('tournament-join');
}

export function useJoinTarget(): JoinTarget | null {
  return useStore(joinTargetStore, (state) => state.target);
}
