import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepTrackOffline, listOfflineTracks, OFFLINE_TRACKS_CACHE, offlineTrackUrl, removeOfflineTrack } from '../offline-tracks';

/** A Cache Storage of plain maps (jsdom has none), keyed by absolute URL like the browser's. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const absolute = (key: RequestInfo | URL) => new URL(typeof key === 'string' || key instanceof URL ? key : key.url, 'http://portal.test/').href;
  const open = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return Promise.resolve({
      put: (key: RequestInfo | URL, response: Response) => Promise.resolve(void store.set(absolute(key), response)),
      match: (key: RequestInfo | URL) => Promise.resolve(store.get(absolute(key))?.clone()),
      keys: () => Promise.resolve([...store.keys()].map((url) => new Request(url))),
      delete: (key: RequestInfo | URL) => Promise.resolve(store.delete(absolute(key))),
    });
  };
  return { stores, caches: { open } };
}

describe('tracks kept for offline listening', () => {
  let stores: Map<string, Map<string, Response>>;
  beforeEach(() => {
    const fake = fakeCaches();
    stores = fake.stores;
    vi.stubGlobal('caches', fake.caches);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('keeps the entitled download under /offline-tracks/<id>, for the account that kept it only', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(new Uint8Array([1, 2, 3, 4]), { status: 200, headers: { 'Content-Type': 'audio/mpeg' } })));
    vi.stubGlobal('fetch', fetchMock);
    const kept = await keepTrackOffline({ articleId: 20002, title: 'مطر النيون' }, '/media/secure/x.mp3?exp=1&sig=s&download=1', 'user-a');
    expect(fetchMock).toHaveBeenCalledWith('/media/secure/x.mp3?exp=1&sig=s&download=1', { credentials: 'same-origin' });
    expect(kept.url).toBe('/offline-tracks/20002');

    const stored = stores.get(OFFLINE_TRACKS_CACHE)!.get(`http://portal.test${offlineTrackUrl(20002)}`)!;
    expect(stored.headers.get('Content-Type')).toBe('audio/mpeg');
    expect((await stored.clone().arrayBuffer()).byteLength).toBe(4);

    expect(await listOfflineTracks('user-a')).toEqual([expect.objectContaining({ articleId: 20002, title: 'مطر النيون', url: '/offline-tracks/20002' })]);
    expect(await listOfflineTracks('user-b')).toEqual([]);

    await removeOfflineTrack(20002);
    expect(await listOfflineTracks('user-a')).toEqual([]);
  });

  it('keeps nothing when the download link is refused', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}', { status: 403 }))));
    await expect(keepTrackOffline({ articleId: 7, title: 'x' }, '/media/secure/x.mp3?exp=1&sig=bad', 'user-a')).rejects.toThrow('403');
    expect(await listOfflineTracks('user-a')).toEqual([]);
  });
});

describe('pages kept by the service worker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are dropped when the account that saw them signs out, or another signs in', async () => {
    const { followPagesOwner, PAGES_CACHE } = await import('../kept-pages');
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: (name: string) => Promise.resolve(deleted.push(name) > 0) });

    expect(await followPagesOwner('user-a')).toBe(false); // first sign-in: nothing to drop
    expect(await followPagesOwner('user-a')).toBe(false);
    localStorage.setItem('auth_token', JSON.stringify({ access_token: 'a', refresh_token: 'r', expires: Date.now() + 60_000 }));
    expect(await followPagesOwner(null)).toBe(false); // the profile is still loading
    localStorage.removeItem('auth_token');
    expect(await followPagesOwner(null)).toBe(true); // signed out
    expect(deleted).toEqual([PAGES_CACHE]);
    expect(await followPagesOwner(null)).toBe(false); // a guest's pages stay

    await followPagesOwner('user-a');
    expect(await followPagesOwner('user-b')).toBe(true); // another account
    expect(deleted).toEqual([PAGES_CACHE, PAGES_CACHE]);
  });
});
