import { useEffect } from 'react';
import { startBuildPolling } from '../build-refresh';

/** Polls the build descriptor while the app is mounted. */
export function useBuildPolling(enabled = true): void {
  useEffect(() => (enabled ? startBuildPolling() : undefined), [enabled]);
}
