import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { operatorSecureSignIn } from '../api/monsooq-signup';

afterEach(() => vi.restoreAllMocks());

function backend(answer: Response) {
  const fetchImpl = vi.fn(() => Promise.resolve(answer));
  configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'noor', fetchImpl });
  return fetchImpl;
}

describe('the operator secure sign-in (monsooqMent, autoLogin.hasSecureLoginUrl)', () => {
  it('asks the MSS login for its page and goes there', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const fetchImpl = backend(new Response(JSON.stringify({ data: { url: 'http://backend.test/backend/operator/noor?x=1' } }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await operatorSecureSignIn('http://noor.test/ar/subscription?subTypeId=3', 'ar', 'http://backend.test/backend/login/noor');
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://backend.test/backend/monsooq/mss-login/api/session/signup');
    expect(JSON.parse(init.body as string)).toEqual({ redirectionUrl: 'http://noor.test/ar/subscription?subTypeId=3', lang: 'ar' });
    expect(assign).toHaveBeenCalledWith('http://backend.test/backend/operator/noor?x=1');
  });

  it('falls back to the hosted sign-in when the operator gives no page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    backend(new Response(JSON.stringify({ status: 503, error: 'UNAVAILABLE', message: 'x', data: null }), { status: 503, headers: { 'content-type': 'application/json' } }));
    await operatorSecureSignIn('http://noor.test/ar', 'ar', 'http://backend.test/backend/login/noor');
    expect(assign).toHaveBeenCalledWith('http://backend.test/backend/login/noor');
  });
});
