import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { platformOf, sendPageView } from '../page-views';

const view = { path: '/music', title: 'Music | Aurora Play', language: 'en', platform: 'desktop' as const, referrer: '' };

function outbox() {
  const fetchImpl = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: { id: 'e1', name: 'pageView' } }), { status: 202 })));
  configureApiClient({ baseUrl: 'http://portal.test/backend', tenantName: 'aurora', fetchImpl });
  return fetchImpl;
}

describe('page views', () => {
  afterEach(() => {
    delete window.dataLayer;
  });

  it('send nothing without analytics consent (unset or 0)', () => {
    const fetchImpl = outbox();
    expect(sendPageView(view, { kind: 'outbox' })).toBe(false);
    localStorage.setItem('analyticsConsent', '0');
    expect(sendPageView(view, { kind: 'tagManager' })).toBe(false);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(window.dataLayer).toBeUndefined();
  });

  it('without a tag manager go to the events outbox: POST /kafka/event/pageView', async () => {
    const fetchImpl = outbox();
    localStorage.setItem('analyticsConsent', '1');
    expect(sendPageView(view, { kind: 'outbox' })).toBe(true);
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://portal.test/backend/kafka/event/pageView');
    const sent = JSON.parse(init.body as string) as typeof view & { visit: string };
    expect({ ...sent, visit: undefined }).toEqual({ ...view, visit: undefined });
    expect(sent.visit).toMatch(/^[0-9a-f-]{36}$/);
    // The next page view of the same visit carries the same id.
    expect(sendPageView(view, { kind: 'outbox' })).toBe(true);
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(2));
    const [, next] = fetchImpl.mock.calls[1] as unknown as [string, RequestInit];
    expect((JSON.parse(next.body as string) as { visit: string }).visit).toBe(sent.visit);
  });

  it('with a tag manager go to its data layer, not to the outbox', () => {
    const fetchImpl = outbox();
    localStorage.setItem('analyticsConsent', '1');
    expect(sendPageView(view, { kind: 'tagManager' })).toBe(true);
    expect(window.dataLayer).toEqual([{ event: 'pageView', page_path: '/music', page_title: 'Music | Aurora Play', page_language: 'en', platform: 'desktop' }]);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('map the platform: desktop, mobile, responsive for a tablet (commerce §9)', () => {
    const device = (attributes: Record<string, boolean>) => ({ id: 'd', deviceAttributes: attributes });
    expect(platformOf(device({ tablet: true }), 1200)).toBe('responsive');
    expect(platformOf(device({ desktop: true }), 400)).toBe('desktop');
    expect(platformOf(device({ modernPhone: true }), 1200)).toBe('mobile');
    expect(platformOf(null, 1280)).toBe('desktop');
    expect(platformOf(null, 390)).toBe('mobile');
  });
});
