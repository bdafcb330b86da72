import { describe, expect, it, vi } from 'vitest';
import { ApiError, RETRY_STATUSES, createApiClient } from '../api-client';

function responder(...statuses: number[]) {
  const queue = [...statuses];
  return vi.fn(() => {
    const status = queue.shift() ?? 200;
    const body = status < 400 ? { data: { ok: true } } : { status, error: 'FAILED', message: 'failed', data: null };
    return Promise.resolve(new Response(JSON.stringify(body), { status, statusText: `S${status}`, headers: { 'content-type': 'application/json' } }));
  });
}

function client(fetchImpl: ReturnType<typeof responder>, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  return createApiClient({ baseUrl: 'http://api.test/backend/', tenantName: 'aurora', fetchImpl, onUnauthorized: vi.fn(), ...extra });
}

describe('api client', () => {
  it('sends the channel and tenant headers, and the bearer when signed in', async () => {
    const fetchImpl = responder(200);
    await client(fetchImpl, { getAccessToken: () => 'tok' }).get('/structure/home', { query: { lang: 'ar', omitCache: undefined } });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/backend/structure/home?lang=ar');
    expect(init.headers).toMatchObject({ 'x-distribution-channel': 'WEB', 'X-Tenant-ID': 'aurora', Authorization: 'Bearer tok' });
  });

  it.each([...RETRY_STATUSES])('retries a GET once on %i', async (status) => {
    const fetchImpl = responder(status, 200);
    await expect(client(fetchImpl).get('/x')).resolves.toEqual({ data: { ok: true } });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('retries a GET only once', async () => {
    const fetchImpl = responder(503, 503, 200);
    await expect(client(fetchImpl).get('/x')).rejects.toMatchObject({ status: 503, method: 'GET' });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('does not retry other failures', async () => {
    const fetchImpl = responder(404);
    const error = await client(fetchImpl).get('/missing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, statusText: 'S404', code: 'FAILED', url: 'http://api.test/backend/missing' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it.each(['post', 'put', 'delete'] as const)('never retries a mutating %s', async (method) => {
    const fetchImpl = responder(503, 200);
    const api = client(fetchImpl);
    const call = method === 'delete' ? api.delete('/x') : api[method]('/x', { a: 1 });
    await expect(call).rejects.toMatchObject({ status: 503 });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('sends JSON bodies', async () => {
    const fetchImpl = responder(200);
    await client(fetchImpl).put('/user/selectUserLang', { selectedLang: 'ar' });
    const init = (fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"selectedLang":"ar"}');
  });

  it('reloads the page on a 401', async () => {
    const onUnauthorized = vi.fn();
    await expect(client(responder(401), { onUnauthorized }).get('/user/profile')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('refuses request URLs that start with //', async () => {
    const fetchImpl = responder(200);
    await expect(client(fetchImpl).get('//evil.test/x')).rejects.toThrow(/protocol-relative/);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('api client and the session', () => {
  it('awaits the token getter (which may refresh) before sending', async () => {
    const fetchImpl = responder(200);
    await client(fetchImpl, { getAccessToken: () => Promise.resolve('fresh') }).get('/user/profile');
    expect((fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({ Authorization: 'Bearer fresh' });
  });

  it('skipAuth sends no bearer, asks no token, and answers a 401 without reloading (no reload loop)', async () => {
    const fetchImpl = responder(401);
    const onUnauthorized = vi.fn();
    const getAccessToken = vi.fn(() => 'tok');
    await expect(client(fetchImpl, { onUnauthorized, getAccessToken }).post('/security/token/refresh', { refreshToken: 'r' }, { skipAuth: true })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getAccessToken).not.toHaveBeenCalled();
    expect((fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('Authorization');
  });

  it('a guest sends no Authorization header', async () => {
    const fetchImpl = responder(200);
    await client(fetchImpl, { getAccessToken: () => null }).get('/structure/home');
    expect((fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('Authorization');
  });
});
