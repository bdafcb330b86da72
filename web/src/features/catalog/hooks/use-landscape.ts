/** Whether the viewport is in landscape orientation (follows rotation). */
import { useSyncExternalStore } from 'react';

function subscribeOrientation(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia('(orientation: landscape)');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function useLandscape(): boolean {
  return useSyncExternalStore(
    subscribeOrientation,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia('(orientation: landscape)').matches : true),
    () => true,
  );
}
