import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, testToken } from '@/testing/render-app';

/** GET /wallet/userarticles as the server answers a bought album and a bought single track (issue 72 item 1). */
const album = {
  id: 2102,
  isCollection: true,
  collectionArticles: [20001, 20002, 20003, 20004, 20005],
  acquiredAt: '2026-11-22T07:00:00Z',
  source: 'purchase',
  article: { id: 2102, title: 'Neon Skyline', contentType: 'album', artists: [{ id: 2013, title: 'Neon Harbor' }], imageUrl: null, collectionInfo: {}, href: '/music/albums/neon-harbor/2013/neon-skyline/2102' },
};
const track = {
  id: 20011,
  isCollection: false,
  collectionArticles: [],
  acquiredAt: '2026-11-21T07:00:00Z',
  source: 'purchase',
  article: { id: 20011, title: 'Lighthouse', contentType: 'full_track_music', artists: [], imageUrl: null, collectionInfo: { articleId: 2104 }, href: '/music/tracks/lighthouse/20011' },
};

describe('My purchases: Download', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves a bought album whole: one POST /song/download with the album, one file (its zip), not its first track', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.hasAttribute('download')) saved.push(this.href);
    });
    const asked: unknown[] = [];
    const { user } = await renderApp({
      path: '/myPurchases',
      token: testToken(),
      fetch: (url, init) => {
        if (url.pathname.endsWith('/wallet/userarticles')) return new Response(JSON.stringify({ data: [album, track] }), { status: 200, headers: { 'content-type': 'application/json', 'x-result-count': '1-2/2' } });
        if (url.pathname.endsWith('/song/download')) {
          const body = JSON.parse(init?.body as string) as { articleId: number };
          asked.push(body);
          expect(url.searchParams.get('lang')).toBe('en');
          const file = body.articleId === 2102 ? 'collections/2102.zip' : 'audio/20011.mp3';
          return jsonResponse({ data: { uri: `/media/secure/${file}?tenant=1&article=${body.articleId}&exp=1&sig=s&download=1`, expires: 1 } });
        }
        return undefined;
      },
    });
    const albumButton = await screen.findByRole('button', { name: 'Download Neon Skyline' }, { timeout: 5000 });
    await user.click(albumButton);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked).toEqual([{ articleId: 2102, distributionChannel: 'WEB', deviceId: '42' }]);
    expect(saved[0]).toContain('/media/secure/collections/2102.zip?');

    // A single track still downloads itself, with its album as the collection.
    await user.click(screen.getByRole('button', { name: 'Download Lighthouse' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(asked[1]).toEqual({ articleId: 20011, distributionChannel: 'WEB', deviceId: '42', collectionId: 2104 });
    expect(within(document.body).queryByRole('dialog')).toBeNull();
  });
});
