/**
 * The catalog by names, not codes (issue 73 item 5): the list names each row's type and section, the filter offers
 * the types by name, and the editor picks the type by its name and the artists by theirs (the console's article
 * picker over the catalog's artists), saving their ids as before.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound, type FakeCall } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import { artistIdsOf, namedArtists, withArtist, withoutArtist } from '../article-model';
import type { AdminArticle, ArticleRow, ArticleRows } from '../catalog-api';
import CatalogEditor from '../catalog-editor-page';
import CatalogPage from '../catalog-page';

const row = (id: number, title: string, contentType: string, section: string): ArticleRow => ({ id, title, contentType, section, rating: 0, state: 'published', licensor: '', updatedAt: '2026-11-20T10:00:00Z', version: 1 });
const album: AdminArticle = {
  id: 2050,
  version: 3,
  state: 'published',
  updatedAt: '2026-11-20T10:00:00Z',
  article: { id: 2050, contentType: 'album', title: { en: 'Night Drive', ar: 'قيادة ليلية' }, rating: 0, artistIds: [2001], published: true },
  parent: null,
  children: [row(2101, 'Neon Skyline', 'full_track_music', 'music')],
  artists: [row(2001, 'Luna Waves', 'artist', 'music')],
};

async function renderAt(path: string, lang: 'en' | 'ar' = 'en') {
  const calls: FakeCall[] = [];
  const fetchImpl = fakeFetch((call) => {
    calls.push(call);
    const { method, url } = call;
    if (url.pathname === '/backend/admin/catalog/articles/2050' && method === 'GET') return { status: 200, body: { data: album } };
    if (url.pathname === '/backend/admin/catalog/articles/2050' && method === 'PUT') {
      const sent = call.body as { article: AdminArticle['article'] };
      return { status: 200, body: { data: { ...album, version: 4, article: sent.article } } };
    }
    if (url.pathname === '/backend/admin/catalog/articles') {
      const found: ArticleRows = url.searchParams.get('type') === 'artist'
        ? { entries: [row(2002, 'Nova Reyes', 'artist', 'music')], total: 1, offset: 0, limit: 8 }
        : { entries: [row(2101, 'Neon Skyline', 'full_track_music', 'music'), row(3001, 'Quiz Night', 'online_game', 'games')], total: 2, offset: 0, limit: 25 };
      return { status: 200, body: { data: found } };
    }
    return notFound();
  });
  await renderConsole(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/catalog" element={<CatalogPage />} />
        <Route path="/catalog/:id" element={<CatalogEditor />} />
      </Routes>
    </MemoryRouter>,
    { fetchImpl, lang },
  );
  return calls;
}

describe('the catalog by names', { timeout: 30_000 }, () => {
  it('names each row’s type and section, and filters by a type chosen by its name', async () => {
    await renderAt('/catalog?type=full_track_music');
    const table = await screen.findByRole('table', { name: 'Catalog' });
    const track = within(table).getByText('Neon Skyline').closest('tr')!;
    expect(track).toHaveTextContent('Track');
    expect(track).toHaveTextContent('Music');
    expect(table).toHaveTextContent('Online game');
    expect(table).not.toHaveTextContent('full_track_music');
    expect(table).not.toHaveTextContent('online_game');
    const type = screen.getByLabelText('Content type');
    expect(type.tagName).toBe('SELECT');
    expect(type).toHaveValue('full_track_music');
    expect(within(type).getByRole('option', { name: 'Track' })).toHaveValue('full_track_music');
  });

  it('picks the type by its name and the artists by theirs, and saves their ids', async () => {
    const user = userEvent.setup();
    const calls = await renderAt('/catalog/2050');
    const type = await screen.findByLabelText('Content type');
    expect(type).toHaveValue('album');
    expect(within(type).getByRole('option', { selected: true })).toHaveTextContent('Album');
    const artists = screen.getByRole('group', { name: 'Artists' });
    expect(within(artists).getByRole('list', { name: 'Artists' })).toHaveTextContent('Luna Waves');
    expect(screen.getByText('Neon Skyline').parentElement).toHaveTextContent('Track');  // a track of the album, by its type's name

    await user.type(within(artists).getByLabelText('Add an artist: name or id'), 'nova');
    await user.click(within(artists).getByRole('button', { name: 'Search' }));
    await user.click(await within(artists).findByRole('button', { name: /Nova Reyes/ }));
    const search = calls.find((c) => c.url.pathname === '/backend/admin/catalog/articles' && c.url.searchParams.get('type') === 'artist')!;
    expect(search.url.searchParams.get('q')).toBe('nova');
    expect(within(artists).getByRole('list', { name: 'Artists' })).toHaveTextContent('Nova Reyes');

    await user.click(within(artists).getByRole('button', { name: 'Remove Luna Waves' }));
    expect(within(artists).getByRole('list', { name: 'Artists' })).not.toHaveTextContent('Luna Waves');
    await user.selectOptions(type, 'Playlist');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. The storefront shows it within seconds.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect((put.body as { article: Record<string, unknown> }).article).toMatchObject({ artistIds: [2002], contentType: 'playlist' });
  });

  it('reads in Arabic: the type and the artists by their names', async () => {
    await renderAt('/catalog/2050', 'ar');
    const type = await screen.findByLabelText('نوع المحتوى');
    expect(within(type).getByRole('option', { selected: true })).toHaveTextContent('ألبوم');
    expect(screen.getByRole('group', { name: 'الفنانون' })).toHaveTextContent('Luna Waves');
  });
});

describe('an article’s artists', () => {
  it('adds one once at the end, removes one, and names each one it knows', () => {
    const doc = { contentType: 'album', artistIds: [2001, 2007] };
    expect(artistIdsOf(withArtist(doc, 2002))).toEqual([2001, 2007, 2002]);
    expect(withArtist(doc, 2001)).toBe(doc);
    expect(artistIdsOf(withoutArtist(doc, 2007))).toEqual([2001]);
    expect(withoutArtist({ artistIds: [2001] }, 2001)).not.toHaveProperty('artistIds');
    expect(namedArtists([2001, 2002], new Map([['2001', 'Luna Waves']]))).toEqual([{ id: 2001, name: 'Luna Waves' }, { id: 2002, name: null }]);
  });
});
