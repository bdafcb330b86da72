/**
 * POST {backend}/kafka/event/pageView: a page view for a tenant without a tag manager goes to the
 * portal's own events outbox (docs/decisions.md "Page views without a tag manager"). Only called
 * after analytics consent; a failure is logged and swallowed, never disturbing the page.
 */
import { getApiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';
import type { PageView } from '../page-view';

export type { PageView };

/** `visit`: the id the page views of one visit share (../visit.ts), counted by the reports' funnel. */
export async function reportPageView(view: PageView, visit: string): Promise<boolean> {
  const body: ApiBody<'postBackendKafkaEventName'> = { ...view, visit };
  try {
    await getApiClient().post<{ data: ApiData<'postBackendKafkaEventName'> }>('/kafka/event/pageView', body);
    return true;
  } catch (error) {
    console.warn('Could not report a page view', error);
    return false;
  }
}
