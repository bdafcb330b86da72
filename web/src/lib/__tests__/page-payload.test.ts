import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPagePayloads, configurePagePayloads, pagePayload, payloadUrl, prefetchPagePayload } from '../page-payload';

afterEach(() => {
  clearPagePayloads();
  vi.unstubAllGlobals();
});

describe('page payloads', () => {
  it('maps a page path to its /_payload file', () => {
    expect(payloadUrl('/')).toBe('/_payload/index.json');
    expect(payloadUrl('/ar/music/tracks')).toBe('/_payload/ar/music/tracks.json');
    expect(payloadUrl('/music/tracks/midnight-drive/20001?x=1#y')).toBe('/_payload/music/tracks/midnight-drive/20001.json');
  });

  it('fetches a hovered page once and hands its data to the seeders', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ route: '/music/tracks/:title/:track', data: { article: { id: 1 } } }), { headers: { 'content-type': 'application/json' } })));
    vi.stubGlobal('fetch', fetchMock);
    const seeder = vi.fn();
    configurePagePayloads(new QueryClient(), () => 'en', [seeder]);
    await prefetchPagePayload('/ar/music/tracks/x/1');
    await prefetchPagePayload('/ar/music/tracks/x/1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(seeder).toHaveBeenCalledWith(expect.any(QueryClient), 'ar', { article: { id: 1 } });
    expect(pagePayload('/ar/music/tracks/x/1')).toEqual({ article: { id: 1 } });
  });

  it('stays quiet when a payload is missing', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))));
    await expect(prefetchPagePayload('/nope')).resolves.toBeNull();
  });
});
