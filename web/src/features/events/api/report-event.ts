/**
 * POST {backend}/kafka/event/{name}: reports an analytics event (page views, error displays).
 * Reporting never disturbs the page: a failure is logged and swallowed.
 */
import { getApiClient } from '@/lib/api-client';

export type EventPayload = Record<string, string | number | boolean | null>;

export async function reportEvent(name: string, payload: EventPayload): Promise<boolean> {
  try {
    await getApiClient().post(`/kafka/event/${encodeURIComponent(name)}`, payload);
    return true;
  } catch (error) {
    console.warn(`Could not report event ${name}`, error);
    return false;
  }
}

/** Spec §4: the first view of the error screen reports a page view describing the error. */
export function reportErrorPageView(status: number, path: string): Promise<boolean> {
  return reportEvent('pageView', {
    page: 'error page',
    path,
    errorAction: 'displayed',
    errorArea: 'error page',
    errorCode: status,
    errorType: status,
    errorMessage: status === 404 ? 'not found' : `error ${status}`,
  });
}
