/**
 * Route shapes the table shares between a list and an item, slugs without ids, the audiobook artist
 * page and the trailing slash (portal §2; issue 47 item 14).
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPagePayloads } from '@/lib/page-payload';
import { fixtureArticle, page } from '@/testing/catalog-fixtures';
import { jsonResponse, renderApp, type FetchHandler } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const APP = fixtureArticle({ id: 9001, title: 'Photo Editor', contentType: 'app', href: '/apps/pd/photo-editor/9001' });
const PARTNER = fixtureArticle({ id: 9101, title: 'Cedar Telecom', contentType: 'partner', href: '/apps/partner/cedar-telecom/9101' });
const ARTICLE = fixtureArticle({ id: 5001, title: 'City gardens', contentType: 'article', href: '/articles/articles/5001' });
const AUTHOR = fixtureArticle({ id: 6001, title: 'Lena Park', contentType: 'artist', href: '/music/artists/lena-park/6001' });
const AUDIOBOOK = fixtureArticle({ id: 6101, title: 'Quiet Rivers', contentType: 'audiobook', href: '/audiobook/details/quiet-rivers/6101', artists: [{ id: 6001, title: 'Lena Park', slug: 'lena-park' }] });
const ITEMS = [APP, PARTNER, ARTICLE, AUTHOR, AUDIOBOOK];

const catalog: FetchHandler = (url) => {
  const details = /\/catalog\/articles\/(\w+)$/.exec(url.pathname);
  if (details?.[1]) {
    const found = ITEMS.find((item) => String(item.id) === details[1]);
    return found ? jsonResponse({ data: { ...found, related: [] } }) : jsonResponse({ status: 404, error: 'ARTICLE_NOT_FOUND', message: 'not found', data: null }, 404);
  }
  if (url.pathname.endsWith('/catalog/articles')) {
    const entries = ITEMS.filter((item) => item.contentType === url.searchParams.get('contentType'));
    return jsonResponse({ data: page(entries, entries.length, 0, 50) });
  }
  if (url.pathname.endsWith('/catalog/categories')) return jsonResponse({ data: [] });
  return undefined;
};

afterEach(() => clearPagePayloads());

describe('route shapes', () => {
  it('/mp/{id} shows the marketplace app', async () => {
    await renderApp({ path: '/mp/9001', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo Editor' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it('/articles/{id} without a category shows the article', async () => {
    await renderApp({ path: '/articles/5001', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'City gardens' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it('/apps/partner/{slug} and /apps/pd/{slug} find the item by its slug', async () => {
    const { router } = await renderApp({ path: '/apps/partner/cedar-telecom', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cedar Telecom' }, { timeout: 3000 })).toBeInTheDocument();
    await router.navigate('/apps/pd/photo-editor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo Editor' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it("an audiobook's author links to the audiobook artist page, which keeps its address", async () => {
    const { user, router } = await renderApp({ path: '/audiobook/details/quiet-rivers/6101', structures: STRUCTURES, fetch: catalog });
    const author = await screen.findByRole('link', { name: 'Lena Park' }, { timeout: 3000 });
    expect(author).toHaveAttribute('href', '/audiobook/artists/lena-park/6001');
    await user.click(author);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Park' }, { timeout: 3000 })).toBeInTheDocument();
    // Give the canonical-address effect its chance to run: the page stays the audiobook one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/audiobook/artists/lena-park/6001');
  });

  it("loaded directly, a trailing slash the server's shell answered 404 for shows the page without it", async () => {
    window.history.replaceState(null, '', '/search/');
    try {
      const { router } = await renderApp({ path: '/search/', structures: STRUCTURES, fetch: catalog, notFound: true });
      await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
      expect(screen.queryByTestId('error-page')).toBeNull();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('a trailing slash goes to the canonical path, keeping the query', async () => {
    const { router } = await renderApp({ path: '/de/music/tracks/?sort=new', structures: STRUCTURES, fetch: catalog });
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/music/tracks'));
    expect(router.state.location.search).toBe('?sort=new');
  });
});
