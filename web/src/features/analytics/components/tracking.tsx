/**
 * Tracking as a component (use-tracking.ts), for the root shell to mount once the visitor allows
 * analytics: its code (the tag manager, page views, visits) loads then, never on a page without
 * consent (issue 52).
 */
import { useTracking } from '../use-tracking';

export function Tracking() {
  useTracking(true);
  return null;
}
