/**
 * Analytics consent as the tracking code reads it (commerce §3 browser storage): local storage
 * `analyticsConsent` "1" or "0", written by the cookie banner's decision (features/consent).
 * Nothing is tracked unless it is "1".
 */
import { ANALYTICS_CONSENT_KEY, TRACKING_SCRIPTS_LOADED_KEY } from '@/config/env';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage refused (privacy mode): no consent recorded, nothing tracked
  }
}

export function readAnalyticsConsent(): boolean | null {
  const value = storage()?.getItem(ANALYTICS_CONSENT_KEY);
  if (value === '1') return true;
  if (value === '0') return false;
  return null;
}

export function markTrackingScriptsLoaded(): void {
  storage()?.setItem(TRACKING_SCRIPTS_LOADED_KEY, '1');
}

export function trackingScriptsLoaded(): boolean {
  return storage()?.getItem(TRACKING_SCRIPTS_LOADED_KEY) === '1';
}
