/**
 * Tracking for the whole app (mounted once by the root shell): once the visitor allows analytics,
 * the tenant's tag manager is added (if it configured one) and every navigation reports a page view
 * PAGE_VIEW_DELAY_MS later. Without consent nothing is loaded and nothing is sent.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PAGE_VIEW_DELAY_MS } from '@/config/env';
import { portalStore, usePortalStore } from '@/lib/store';
import { sendPageView, platformOf, type PageViewTarget } from './page-views';
import { loadTagManager, tagManagerIdOf } from './tag-manager';

/** The tenant's container id, or null; a malformed one is an error in the console and loads nothing. */
function useTagManagerId(): string | null {
  const configs = usePortalStore((state) => state.configs);
  try {
    return tagManagerIdOf(configs);
  } catch (error) {
    console.error(error);
    return null;
  }
}

export function useTracking(analyticsAllowed: boolean): void {
  const tagManagerId = useTagManagerId();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (analyticsAllowed && tagManagerId) loadTagManager(tagManagerId);
  }, [analyticsAllowed, tagManagerId]);

  useEffect(() => {
    if (!analyticsAllowed) return;
    const target: PageViewTarget = tagManagerId ? { kind: 'tagManager' } : { kind: 'outbox' };
    const timer = window.setTimeout(() => {
      sendPageView(
        {
          path: pathname + search,
          title: document.title,
          language: document.documentElement.lang,
          platform: platformOf(portalStore.getState().device, window.innerWidth),
          referrer: document.referrer,
        },
        target,
      );
    }, PAGE_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [analyticsAllowed, tagManagerId, pathname, search]);
}
