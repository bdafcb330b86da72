import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { articleQueryKey } from '@/features/catalog/api/get-article';
import { seedCatalog } from '@/features/catalog/seed-catalog';
import { clearPagePayloads } from '@/lib/page-payload';
import { browser } from '@/lib/browser';
import { ALBUM, ARTIST, GAME, MUSIC_CATEGORIES, TRACK, TRACK_2, VIDEO, fixtureArticle, page } from '@/testing/catalog-fixtures';
import { jsonResponse, renderApp, testToken, type FetchHandler } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const DETAILS: Record<string, unknown> = { 20001: { ...TRACK, related: [TRACK_2] }, 2102: ALBUM, 4101: GAME, 3102: { ...VIDEO, related: [] }, 2013: { ...ARTIST, albums: [ALBUM], related: [ALBUM] } };
const PUBLISHER = fixtureArticle({ id: 4001, title: 'Lumen Forge', contentType: 'publisher', developerName: 'Lumen Forge', href: '/games/publisher/lumen-forge' });
DETAILS[4001] = { ...PUBLISHER, games: [GAME], related: [GAME] };
DETAILS[3199] = { ...fixtureArticle({ id: 3199, title: 'Long Film', contentType: 'full_length_video', href: '/video/details/long-film/3199', durationSeconds: 5400, fileSizeBytes: 1_395_000_000, licensorName: 'Film Co' }), related: [] };
DETAILS[4501] = { ...fixtureArticle({ id: 4501, title: 'Kingdoms of Ash', contentType: 'game', href: '/games/details/kingdoms-of-ash/4501', fileSizeBytes: 734_003_201 }), related: [] };
DETAILS[2099] = { ...fixtureArticle({ id: 2099, title: 'Nova Reyes', contentType: 'artist', href: '/music/artists/nova-reyes/2099', licensorName: 'Crescent Sound' }), albums: [], related: [] };
DETAILS[7001] = { ...fixtureArticle({ id: 7001, title: 'Festival season opens', contentType: 'news', href: '/news/culture/all/festival-season-opens/7001', licensorName: 'Portal News' }), related: [] };
const MANY = Array.from({ length: 30 }, (_, index) => fixtureArticle({ id: 30_000 + index, title: `Song ${index + 1}`, contentType: 'full_track_music', durationSeconds: 120 + index }));

const catalog: FetchHandler = (url) => {
  const details = /\/catalog\/articles\/(\w+)$/.exec(url.pathname);
  if (details?.[1]) {
    const found = DETAILS[details[1]];
    return found ? jsonResponse({ data: found }) : jsonResponse({ status: 404, error: 'ARTICLE_NOT_FOUND', message: 'not found', data: null }, 404);
  }
  if (url.pathname.endsWith('/catalog/articles')) {
    const developer = url.searchParams.get('developer');
    if (developer !== null) {
      const found = developer === 'lumen-forge' ? [PUBLISHER] : [];
      return jsonResponse({ data: page(found, found.length, 0, 1) });
    }
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 24);
    return jsonResponse({ data: page(MANY.slice(offset, offset + limit), MANY.length, offset, limit) });
  }
  if (url.pathname.endsWith('/catalog/categories')) return jsonResponse({ data: MUSIC_CATEGORIES });
  if (url.pathname.endsWith('/search')) {
    const q = url.searchParams.get('q') ?? '';
    const entries = q === 'neon' ? [GAME, TRACK, ALBUM, VIDEO] : [];
    return jsonResponse({ data: { entries, total: entries.length } });
  }
  if (/\/media\/\d+$/.test(url.pathname)) return jsonResponse({ data: { url: '/media/generated/games/pixel-rally/index.html', isPreview: true, expires: null } });
  if (url.pathname.endsWith('/game/play-free'))
    return jsonResponse({ data: { uri: '/media/generated/games/pixel-rally/index.html', session: 'session-1', expires: null, sessionExpiresAt: 0, useGameFrame: true } });
  if (/\/game\/leaderboard\/\d+$/.test(url.pathname)) return jsonResponse({ data: { entries: [], me: null } });
  return undefined;
};

afterEach(() => clearPagePayloads());

describe('catalog list pages', () => {
  it('shows a section list with category chips and loads more by offset', async () => {
    const { user, fetchMock } = await renderApp({ path: '/music/tracks', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tracks' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Tracks' });
    expect(within(list).getAllByRole('link')).toHaveLength(24);
    expect(within(list).getByText('Song 1').closest('a')).toHaveAttribute('href', '/music/tracks/song-1/30000');
    expect(screen.getByText('24 of 30')).toBeInTheDocument();
    const chips = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(chips).getByRole('link', { name: /Pop/ })).toHaveAttribute('href', '/music/genre/music-pop');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(30), { timeout: 3000 });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const listCalls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/catalog/articles?'));
    expect(listCalls[0]).toContain('contentType=full_track_music');
    expect(listCalls[0]).toContain('offset=0');
    expect(listCalls[1]).toContain('offset=24');
  });

  it('sorts by the chosen order (the catalog order by default)', async () => {
    const { user, fetchMock, router } = await renderApp({ path: '/games/list', structures: STRUCTURES, fetch: catalog });
    await screen.findByText('Song 1');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('featured');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'popular');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=popular'), { timeout: 3000 });
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url)).some((url) => url.includes('section=games') && url.includes('sort=popular'))).toBe(true), { timeout: 3000 });
  });

  it('a genre page filters by the category', async () => {
    const { fetchMock } = await renderApp({ path: '/music/genre/music-pop', structures: STRUCTURES, fetch: catalog });
    await screen.findByText('Song 1');
    expect(fetchMock.mock.calls.map(([url]) => String(url)).some((url) => url.includes('/catalog/articles?') && url.includes('category=music-pop') && url.includes('section=music'))).toBe(true);
  });
});

describe('catalog details pages', () => {
  it('resolves a stale slug by the trailing id and replaces the address with the canonical href', async () => {
    const { router } = await renderApp({ path: '/music/tracks/an-old-title/20001', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Midnight Drive' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/music/tracks/midnight-drive/20001'), { timeout: 3000 });
    expect(screen.getByTestId('grading')).toHaveTextContent('12+');
    expect(screen.getByText('03:35')).toBeInTheDocument();
    // A streamed track shows its label and release date, not its file size (nothing is downloaded).
    expect(screen.getByText('Crescent Sound')).toBeInTheDocument();
    expect(screen.queryByText('5 MB')).not.toBeInTheDocument();
    const price = screen.getByTestId('price');
    expect(price).toHaveTextContent('€0.75');
    expect(price).toHaveTextContent('€0.99');
    expect(price).toHaveTextContent('24% off'); // the saving: €0.75 instead of €0.99
    expect(screen.getByRole('link', { name: 'Neon Harbor' })).toHaveAttribute('href', '/music/artists/neon-harbor/2013');
    expect(screen.getByRole('link', { name: 'Go to the album' })).toHaveAttribute('href', '/music/albums/neon-harbor/2013/album/2102');
    expect(screen.getByRole('button', { name: 'Play preview of Midnight Drive' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Midnight Drive'), { timeout: 3000 });
  });

  it('signed in, the play button names the track without promising a preview (the server decides)', async () => {
    await renderApp({ path: '/music/tracks/midnight-drive/20001', structures: STRUCTURES, fetch: catalog, token: testToken() });
    expect(await screen.findByRole('button', { name: 'Play Midnight Drive' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play preview of Midnight Drive' })).not.toBeInTheDocument();
  });

  it('shows the facts that fit the item: size only where a download is offered, no release or label for artists, news published', async () => {
    await renderApp({ path: '/video/details/long-film/3199', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Long Film' })).toBeInTheDocument();
    expect(screen.queryByText('Size')).not.toBeInTheDocument();
    expect(screen.queryByText('1,331 MB')).not.toBeInTheDocument();
    expect(screen.queryByText('Label')).not.toBeInTheDocument();
    expect(screen.getByText('Released')).toBeInTheDocument();
  });

  it('a game to download shows its size rounded up to MB (commerce §9)', async () => {
    await renderApp({ path: '/games/details/kingdoms-of-ash/4501', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kingdoms of Ash' })).toBeInTheDocument();
    expect(screen.getByText('Size')).toBeInTheDocument();
    expect(screen.getByText('701 MB')).toBeInTheDocument();
  });

  it('an artist shows neither a release date nor a label; news show the date as published', async () => {
    await renderApp({ path: '/music/artists/nova-reyes/2099', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova Reyes' })).toBeInTheDocument();
    expect(screen.queryByText('Released')).not.toBeInTheDocument();
    expect(screen.queryByText('Label')).not.toBeInTheDocument();
    expect(screen.queryByText('Crescent Sound')).not.toBeInTheDocument();
  });

  it('a news item shows when it was published, without a label', async () => {
    await renderApp({ path: '/news/culture/all/festival-season-opens/7001', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Festival season opens' })).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
    expect(screen.queryByText('Released')).not.toBeInTheDocument();
    expect(screen.queryByText('Portal News')).not.toBeInTheDocument();
  });

  it('an album lists its tracks with durations (hh:mm:ss from an hour)', async () => {
    await renderApp({ path: '/music/albums/neon-harbor/2013/neon-skyline/2102', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 2, name: 'Tracks' })).toBeInTheDocument();
    expect(screen.getByText('01:02:05')).toBeInTheDocument();
  });

  it('a missing or age-restricted item shows the not-found state', async () => {
    await renderApp({ path: '/video/details/gone/999', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Content not found' })).toBeInTheDocument();
  });

  it('a free game plays in a dialog for guests; screenshots open in the gallery', async () => {
    const { user } = await renderApp({ path: '/games/details/pixel-rally/4101', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pixel Rally' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lumen Forge' })).toHaveAttribute('href', '/games/publisher/lumen-forge');
    expect(screen.getByText('Free')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pixel Rally – game' });
    expect(within(dialog).getByTitle('Pixel Rally – game')).toHaveAttribute('src', '/media/generated/games/pixel-rally/index.html');
    // Closing asks first (the game-actions dialog): a running round would be lost.
    await user.click(within(dialog).getByRole('button', { name: 'Quit the game' }));
    const menu = await screen.findByRole('dialog', { name: 'Game menu' });
    await user.click(within(menu).getByRole('button', { name: 'Quit the game' }));
    await user.click(await screen.findByRole('button', { name: 'Quit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open screenshot 1' }));
    const gallery = await screen.findByRole('dialog', { name: 'Pixel Rally – screenshots' });
    expect(within(gallery).getAllByText('Screenshot 1 of 2').length).toBeGreaterThan(0);
    await user.click(within(gallery).getByRole('button', { name: 'Next' }));
    expect(within(gallery).getAllByText('Screenshot 2 of 2').length).toBeGreaterThan(0);
  });

  it('a publisher page asks for its publisher by slug, without paging through all of them', async () => {
    const { fetchMock } = await renderApp({ path: '/games/publisher/lumen-forge', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lumen Forge' })).toBeInTheDocument();
    const lists = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/catalog/articles?'));
    expect(lists).toHaveLength(1);
    expect(lists[0]).toContain('developer=lumen-forge');
    expect(lists[0]).toContain('contentType=publisher');
  });

  it('an unknown publisher shows the not-found state', async () => {
    await renderApp({ path: '/games/publisher/nobody', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Content not found' })).toBeInTheDocument();
  });

  it('a paid game asks a guest to sign in', async () => {
    DETAILS[4102] = { ...GAME, id: 4102, href: '/games/details/paid/4102', prices: [{ amount: 299, currency: 'EUR', businessModel: 'PAY_PER_DOWNLOAD' }] };
    const { user } = await renderApp({ path: '/games/details/paid/4102', structures: STRUCTURES, fetch: catalog });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'Sign in to play' }));
    // One sign-in option: straight to the hosted sign-in page, back to this game afterwards.
    await waitFor(() => expect(String(assign.mock.calls.at(-1)?.[0])).toContain('/backend/login/aurora?lang=en&redirectUrl='));
    assign.mockRestore();
  });

  it('shows Arabic with Arabic-Indic digits', async () => {
    await renderApp({ path: '/ar/music/tracks/midnight-drive/20001', lang: 'ar', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Midnight Drive' })).toBeInTheDocument();
    expect(screen.getByText('٠٣:٣٥')).toBeInTheDocument();
    expect(screen.getByTestId('grading')).toHaveTextContent('١٢+');
    expect(screen.getByTestId('grading')).toHaveAttribute('dir', 'ltr'); // isolated: reads "١٢+" in right-to-left text too
    expect(screen.getByRole('link', { name: 'Neon Harbor' })).toHaveAttribute('href', '/ar/music/artists/neon-harbor/2013');
    // The English fallback description keeps its own direction (issue 73 item 8): its full stop stays at its end.
    expect(screen.getByText('Midnight Drive description')).toHaveAttribute('dir', 'auto');
  });

  it('the page payload article is the first paint (no request)', () => {
    const client = new QueryClient();
    expect(seedCatalog(client, 'en', { article: TRACK })).toBe(true);
    expect(client.getQueryData(articleQueryKey(20001, 'en'))).toMatchObject({ title: 'Midnight Drive' });
    expect(seedCatalog(client, 'en', { structures: {} })).toBe(false);
  });
});

describe('search page', () => {
  it('groups results by section and remembers the search', async () => {
    const { user, router } = await renderApp({ path: '/search', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByText('Type to search across music, video, games, podcasts and more.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search the catalog' }), 'neon{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=neon'), { timeout: 3000 });
    const music = await screen.findByRole('region', { name: 'Music' }, { timeout: 3000 });
    expect(within(music).getByText('Midnight Drive')).toBeInTheDocument();
    expect(within(music).getByText('Neon Skyline')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Games' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Video' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    // Groups follow the rank of their best hit (the game ranks first here), not a fixed section order (issue 30).
    expect(headings.slice(0, 3)).toEqual(['Games', 'Music', 'Video']);
    expect(JSON.parse(localStorage.getItem('recentSearch') ?? '[]')).toEqual(['neon']);
  });

  it('searches after a pause in typing (debounced), one request for the settled term', async () => {
    const { user, router, fetchMock } = await renderApp({ path: '/search-q', structures: STRUCTURES, fetch: catalog });
    await user.type(await screen.findByRole('searchbox', { name: 'Search the catalog' }), 'neon');
    await waitFor(() => expect(router.state.location.search).toBe('?q=neon'), { timeout: 3000 });
    expect(await screen.findByRole('region', { name: 'Music' })).toBeInTheDocument();
    const searches = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/backend/search?'));
    expect(searches).toHaveLength(1);
    expect(searches[0]).toContain('q=neon');
  });

  it('says so when nothing matches, on /search-q too', async () => {
    await renderApp({ path: '/search-q?q=zzz', structures: STRUCTURES, fetch: catalog });
    expect(await screen.findByText('No results for “zzz”.')).toBeInTheDocument();
  });
});
