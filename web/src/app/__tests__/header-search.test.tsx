import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RECENT_SEARCH_KEY } from '@/features/search/recent-search';
import { clearPagePayloads } from '@/lib/page-payload';
import { ALBUM, GAME, TRACK } from '@/testing/catalog-fixtures';
import { jsonResponse, renderApp, type FetchHandler } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const search: FetchHandler = (url) => {
  if (url.pathname.endsWith('/search')) {
    const q = url.searchParams.get('q') ?? '';
    const entries = q.toLowerCase().startsWith('neon') ? [ALBUM, TRACK, GAME] : [];
    return jsonResponse({ data: { entries, total: entries.length, offset: 0, limit: 6 } });
  }
  if (/\/catalog\/articles\/\d+$/.test(url.pathname)) return jsonResponse({ data: { ...ALBUM, related: [] } });
  return undefined;
};

afterEach(() => {
  clearPagePayloads();
  localStorage.clear();
});

const searchBox = () => screen.getByRole('combobox', { name: 'Search the catalog' });

describe('header search box', () => {
  it('suggests matches with their type as you type; arrows and Enter open one', async () => {
    const { user, router, fetchMock } = await renderApp({ path: '/', structures: STRUCTURES, fetch: search });
    const box = await waitFor(searchBox, { timeout: 5000 });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'neon');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 5000 });
    expect(await within(list).findByRole('option', { name: /Neon Skyline\s*Album/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(list).getByRole('option', { name: /Midnight Drive\s*Track/ })).toBeInTheDocument();
    expect(within(list).getByRole('option', { name: /Search for\s*neon/ })).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // One request for the settled text (debounced), not one per key.
    const calls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/search?'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('q=neon');
    expect(calls[0]).toContain('limit=6');

    await user.keyboard('{ArrowDown}');
    const first = within(list).getAllByRole('option')[0];
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', first?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}'); // wraps to the last, then back
    expect(within(list).getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(ALBUM.href), { timeout: 3000 });
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCH_KEY) ?? '[]')).toEqual(['neon']);
  }, 20_000);

  it('Enter searches the text on the search page; Escape closes, then clears', async () => {
    const { user, router } = await renderApp({ path: '/', structures: STRUCTURES, fetch: search });
    const box = await waitFor(searchBox, { timeout: 5000 });
    await user.type(box, 'harbour');
    await screen.findByRole('listbox', undefined, { timeout: 5000 });
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('harbour');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    await user.type(box, 'neon harbour{Enter}');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/search?q=neon+harbour'), { timeout: 3000 });
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCH_KEY) ?? '[]')).toEqual(['neon harbour']);
  });

  it('an empty box offers the recent searches, newest first', async () => {
    localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify(['pixel', 'neon']));
    const { user, router } = await renderApp({ path: '/', structures: STRUCTURES, fetch: search });
    const box = await waitFor(searchBox, { timeout: 5000 });
    await user.click(box);
    const list = await screen.findByRole('listbox', { name: 'Recent searches' }, { timeout: 5000 });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['neon', 'pixel']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/search?q=pixel'), { timeout: 3000 });
  });

  it('the search page names each result type', async () => {
    await renderApp({ path: '/search?q=neon', structures: STRUCTURES, fetch: search });
    const album = await screen.findByText('Neon Skyline', undefined, { timeout: 5000 });
    expect(album.closest('a')).toHaveTextContent('Album');
    expect((await screen.findByText('Pixel Rally')).closest('a')).toHaveTextContent(/Online game|Game/);
  });
});
