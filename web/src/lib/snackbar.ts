/** Short messages at the bottom of the screen; each stays 10 s (spec §9) unless dismissed. */
import { createStore, useStore } from 'zustand';

export const SNACKBAR_TIMEOUT_MS = 10_000;

export interface Snackbar {
  id: number;
  /** Already translated text. */
  message: string;
  tone: 'success' | 'error' | 'info';
}

interface SnackbarState {
  items: readonly Snackbar[];
}

export const snackbarStore = createStore<SnackbarState>()(() => ({ items: [] }));

let nextId = 1;

export function dismissSnackbar(id: number): void {
  snackbarStore.setState((state) => ({ items: state.items.filter((item) => item.id !== id) }));
}

export function showSnackbar(message: string, tone: Snackbar['tone'] = 'info', timeoutMs = SNACKBAR_TIMEOUT_MS): number {
  const id = nextId++;
  snackbarStore.setState((state) => ({ items: [...state.items, { id, message, tone }] }));
  setTimeout(() => dismissSnackbar(id), timeoutMs);
  return id;
}

export function resetSnackbars(): void {
  snackbarStore.setState({ items: [] });
}

export function useSnackbars(): readonly Snackbar[] {
  return useStore(snackbarStore, (state) => state.items);
}
