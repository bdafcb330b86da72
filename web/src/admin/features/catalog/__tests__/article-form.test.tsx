/**
 * The console's article form is bound to the generated ArticleDocument (issue 77 item 1): a field is one of its
 * members, saved with that member's type, and what the form does not edit (the file's own members, customProperties)
 * goes back as it came. The change experiment's field: "explicit" is a checkbox, saved as true and dropped when cleared.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound, type FakeCall } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import type { AdminArticle, ArticleObject } from '../catalog-api';
import CatalogEditor from '../catalog-editor-page';

const track: AdminArticle = {
  id: 2101,
  version: 5,
  state: 'published',
  updatedAt: '2026-11-20T10:00:00Z',
  article: {
    id: 2101,
    contentType: 'full_track_music',
    title: { en: 'Neon Skyline' },
    rating: 0,
    durationSeconds: 215,
    customProperties: { language: 'en', trackId: 7 },
    editorNote: { by: 'ops' },
  },
  parent: null,
  children: [],
  artists: [],
};

async function renderEditor(lang: 'en' | 'ar' = 'en') {
  const calls: FakeCall[] = [];
  const fetchImpl = fakeFetch((call) => {
    calls.push(call);
    if (call.url.pathname === '/backend/admin/catalog/articles/2101' && call.method === 'GET') return { status: 200, body: { data: track } };
    if (call.url.pathname === '/backend/admin/catalog/articles/2101' && call.method === 'PUT') {
      const sent = call.body as { article: ArticleObject };
      return { status: 200, body: { data: { ...track, version: 6, article: sent.article } } };
    }
    return notFound();
  });
  await renderConsole(
    <MemoryRouter initialEntries={['/catalog/2101']}>
      <Routes>
        <Route path="/catalog/:id" element={<CatalogEditor />} />
      </Routes>
    </MemoryRouter>,
    { fetchImpl, lang },
  );
  return calls;
}

const saved = (calls: FakeCall[]) => (calls.filter((c) => c.method === 'PUT').at(-1)?.body as { article: ArticleObject } | undefined)?.article;

describe('the console’s article form', () => {
  it('saves "explicit" as true, keeps what it does not edit, and drops the flag when cleared', async () => {
    const calls = await renderEditor();
    const explicit = await screen.findByRole('checkbox', { name: 'Explicit lyrics or content' });
    expect(explicit).not.toBeChecked();
    await userEvent.click(explicit);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.', { exact: false });
    const first = saved(calls);
    expect(first?.explicit).toBe(true);
    expect(first?.customProperties).toEqual({ language: 'en', trackId: 7 });
    expect(first?.editorNote).toEqual({ by: 'ops' });
    expect(first?.durationSeconds).toBe(215);

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Explicit lyrics or content' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => calls.filter((c) => c.method === 'PUT').length).toBe(2);
    expect(saved(calls)).not.toHaveProperty('explicit');
  }, 20_000);

  it('names the field in Arabic', async () => {
    await renderEditor('ar');
    expect(await screen.findByRole('checkbox', { name: 'كلمات أو محتوى صريح' })).toBeInTheDocument();
  }, 20_000);

  it('saves a number field as a number', async () => {
    const calls = await renderEditor();
    const rating = await screen.findByRole('spinbutton', { name: 'Age rating' });
    await userEvent.clear(rating);
    await userEvent.type(rating, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => saved(calls)?.rating).toBe(20);
  }, 20_000);
});
