/**
 * Page views (commerce §9: reported 250 ms after the navigation, so the page's title is set).
 * With the tenant's tag manager they go to its data layer; without one to the portal's events
 * outbox (POST /kafka/event/pageView) with the visit it belongs to (visit.ts). Either only with analytics consent.
 */
import type { Device } from '@/lib/store';
import { readAnalyticsConsent } from './analytics-consent';
import { reportPageView, type PageView } from './api/report-page-view';
import { pushToDataLayer } from './tag-manager';
import { currentVisit } from './visit';

/** Commerce §9: platform types map to desktop, mobile, and responsive for a tablet. */
export function platformOf(device: Device | null, viewportWidth: number): PageView['platform'] {
  const attributes = device?.deviceAttributes;
  if (attributes?.tablet) return 'responsive';
  if (attributes?.desktop) return 'desktop';
  if (attributes?.modernPhone) return 'mobile';
  return viewportWidth >= 1024 ? 'desktop' : 'mobile';
}

export type PageViewTarget = { kind: 'tagManager' } | { kind: 'outbox' };

/** Sends one page view; false when analytics consent is not "1" (then nothing leaves the page). */
export function sendPageView(view: PageView, target: PageViewTarget): boolean {
  if (readAnalyticsConsent() !== true) return false;
  if (target.kind === 'tagManager') {
    pushToDataLayer({ event: 'pageView', page_path: view.path, page_title: view.title, page_language: view.language, platform: view.platform });
  } else {
    void reportPageView(view, currentVisit());
  }
  return true;
}
