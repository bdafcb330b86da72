/**
 * The cross-tab `currentTrackTime` signal (commerce §3 browser storage): a tab that starts playing
 * writes the time under this key; the `storage` event reaches every other tab, which pauses. A tab
 * never receives its own write, so no tab id is needed.
 */
export const CURRENT_TRACK_TIME_KEY = 'currentTrackTime';

export function announcePlaying(storage: Pick<Storage, 'setItem'> | null = safeStorage(), now = Date.now()): void {
  try {
    storage?.setItem(CURRENT_TRACK_TIME_KEY, String(now));
  } catch {
    // Storage may be full or denied (private mode): the other tabs simply keep playing.
  }
}

/** Calls `onOtherTabPlaying` whenever another tab starts playing; returns the unsubscribe. */
export function watchOtherTabs(onOtherTabPlaying: () => void, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const listener = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (key === CURRENT_TRACK_TIME_KEY && newValue) onOtherTabPlaying();
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
