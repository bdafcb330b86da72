/**
 * POST {backend}/kafka/event/pageView: a page view for a tenant without a tag manager goes to the
 * portal's own events outbox (docs/decisions.md "Page views without a tag manager"). Only called
 * after analytics consent; a failure is logged and swallowed, never disturbing the page.
 */
import { getApiClient } from '@/lib/api-client';

export interface PageView {
  path: string;
  title: string;
  language: string;
  platform: 'desktop' | 'mobile' | 'responsive';
  referrer: string;
}

export async function reportPageView(view: PageView): Promise<boolean> {
  try {
    await getApiClient().post('/kafka/event/pageView', view);
    return true;
  } catch (error) {
    console.warn('Could not report a page view', error);
    return false;
  }
}
