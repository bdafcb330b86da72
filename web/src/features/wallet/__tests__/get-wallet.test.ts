import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { getWallet } from '../api/get-wallet';

const item = (id: number) => ({ id, isCollection: false, collectionArticles: [], acquiredAt: '2026-11-22T07:00:00Z', source: 'purchase', article: { id, title: `Track ${id}`, contentType: 'full_track_music' } });

describe('GET /wallet/userarticles', () => {
  it('asks one page with the content types and device, and reads x-result-count', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: [item(1), item(2)] }), { status: 200, headers: { 'x-result-count': '51-52/52' } })));
    configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', fetchImpl, getAccessToken: () => 'access-1' });
    const page = await getWallet(50, 'd-9', 'ar');
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({ inclContTypes: 'FULL_TRACK_MUSIC,AUDIO_BOOK,GAME', devId: 'd-9', limit: '50', offset: '50', lang: 'ar' });
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('X-Tenant-ID')).toBe('aurora');
    expect(page).toMatchObject({ first: 51, last: 52, total: 52, hasHeader: true });
    expect(page.items.map((entry) => entry.id)).toEqual([1, 2]);
  });

  it('takes an empty wallet and a missing header', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200 })));
    configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', fetchImpl });
    expect(await getWallet(0, '1')).toEqual({ items: [], total: 0, first: 0, last: 0, hasHeader: false });
  });

  it('fails on an error answer', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ status: 500, error: 'INTERNAL' }), { status: 500 })));
    configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', fetchImpl });
    await expect(getWallet(0, '1')).rejects.toMatchObject({ status: 500 });
  });

  it("logs 'Failed to get wallet' when the read fails (commerce §8), answered or not", async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ status: 500, error: 'INTERNAL' }), { status: 500 })));
    configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', fetchImpl });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(getWallet(0, '1')).rejects.toMatchObject({ status: 500 });
    expect(error).toHaveBeenCalledWith('Failed to get wallet', expect.objectContaining({ status: 500 }));

    error.mockClear();
    fetchImpl.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(getWallet(0, '1')).rejects.toBeInstanceOf(TypeError);
    expect(error).toHaveBeenCalledWith('Failed to get wallet', expect.any(TypeError));
  });
});
