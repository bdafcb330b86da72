import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { reportErrorPageView, reportEvent } from '../api/report-event';

describe('reportEvent', () => {
  afterEach(() => vi.restoreAllMocks());

  it('posts the payload to /kafka/event/{name} with the tenant headers', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: { id: 'x', name: 'pageView' } }), { status: 202 })));
    configureApiClient({ baseUrl: 'http://portal.test/backend', tenantName: 'aurora', fetchImpl });
    expect(await reportErrorPageView(404, '/nowhere')).toBe(true);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://portal.test/backend/kafka/event/pageView');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('X-Tenant-ID')).toBe('aurora');
    expect(JSON.parse(init.body as string)).toMatchObject({ errorAction: 'displayed', errorArea: 'error page', errorCode: 404, errorType: 404, errorMessage: 'not found' });
  });

  it('swallows failures: reporting never breaks a page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchImpl = vi.fn(() => Promise.resolve(new Response('{}', { status: 500 })));
    configureApiClient({ baseUrl: 'http://portal.test/backend', tenantName: 'aurora', fetchImpl });
    expect(await reportEvent('pageView', { path: '/' })).toBe(false);
    expect(fetchImpl).toHaveBeenCalledTimes(1); // mutating: no retry
    expect(warn).toHaveBeenCalled();
  });
});
