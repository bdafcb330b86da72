/** The article the `rating` dialog rates: set before the dialog manager opens it. */
import { createStore, useStore } from 'zustand';
import { openDialog } from '@/lib/dialogs';
import type { EngagementTarget } from './types';

export const ratingTargetStore = createStore<{ target: EngagementTarget | null }>()(() => ({ target: null }));

export function openRatingDialog(target: EngagementTarget): void {
  ratingTargetStore.setState({ target });
  openDialog('rating');
}

export function useRatingTarget(): EngagementTarget | null {
  return useStore(ratingTargetStore, (state) => state.target);
}
