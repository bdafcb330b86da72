/**
 * The structure editor's node list (issue 73): a catalog row counts what the storefront shows (the catalog's
 * total for its query, not "0 items"), a hand-picked rail takes articles found with the picker, a node is
 * duplicated and moved by the keyboard, and the whole reads right to left in Arabic.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound, type FakeCall } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import { NodeList } from '../components/node-list';
import { childrenOf } from '../node-content';
import { nodesOf, type TreeNode } from '../structures-tree';

const start: TreeNode = {
  id: 'home',
  name: 'home',
  data: { customProperties: { type: 'page' } },
  substructure: [
    { id: 'home-new', name: 'new', data: { title: { en: 'New this week' }, customProperties: { type: 'catalog', query: { sort: 'new' } } }, substructure: [] },
    { id: 'home-picks', name: 'picks', data: { title: { en: 'Our picks' }, customProperties: { type: 'rail' } }, substructure: [] },
  ],
};

const hit = { id: 2102, title: 'Neon Skyline', contentType: 'album', rating: 0, imageUrl: '/media/art/neon.webp', href: '/music/playlists/neon-skyline/2102', artists: [{ id: 2013, title: 'Neon Harbor', slug: 'neon-harbor' }] };

function network(call: FakeCall) {
  if (call.url.pathname === '/backend/catalog/articles') return { status: 200, body: { data: { entries: [], total: 1, offset: 0, limit: 1 } } };
  if (call.url.pathname === '/backend/search') return { status: 200, body: { data: { entries: [hit], total: 1, offset: 0, limit: 12 } } };
  if (call.url.pathname === '/backend/admin/catalog/articles/2102') return { status: 200, body: { data: { id: 2102, version: 1, state: 'published', updatedAt: '', article: { title: { en: 'Neon Skyline', ar: 'أفق النيون' } }, children: [] } } };
  return notFound();
}

let latest: TreeNode = start;
function Editor() {
  const [tree, setTree] = useState(start);
  const [open, setOpen] = useState<number | null>(null);
  const onTree = (next: TreeNode) => {
    latest = next;
    setTree(next);
  };
  return <NodeList tree={tree} onTree={onTree} openIndex={open} setOpenIndex={setOpen} problem={null} />;
}

describe('the structure editor', () => {
  it("counts a catalog row as the storefront shows it: 1 item, not 0", async () => {
    await renderConsole(<Editor />, { fetchImpl: fakeFetch(network) });
    const summaries = screen.getAllByTestId('structure-node-summary');
    await waitFor(() => expect(summaries[0]).toHaveTextContent('Catalog row · 1 item'));
    expect(summaries[1]).toHaveTextContent('Rail · 0 items');
  });

  it('adds a found article to a hand-picked rail with its titles in every language and its cover', async () => {
    await renderConsole(<Editor />, { fetchImpl: fakeFetch(network) });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Our picks' }));
    fireEvent.change(screen.getByTestId('article-search'), { target: { value: 'neon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const found = await screen.findByTestId('article-hit');
    expect(within(found).getByText('Neon Skyline')).toBeInTheDocument();
    expect(found.querySelector('img')?.getAttribute('src')).toBe('/media/art/neon.webp');
    fireEvent.click(found);
    await waitFor(() => expect(childrenOf(nodesOf(latest)[1]!)).toHaveLength(1));
    const card = childrenOf(nodesOf(latest)[1]!)[0]!;
    expect(card.data?.title).toEqual({ en: 'Neon Skyline', ar: 'أفق النيون' });
    expect(card.data?.clickUrl).toBe('/music/playlists/neon-skyline/2102');
    expect(screen.getByTestId('article-hit')).toHaveAttribute('aria-pressed', 'true');
  });

  it('duplicates a node and moves it by the keyboard, announcing where it went', async () => {
    await renderConsole(<Editor />, { fetchImpl: fakeFetch(network) });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate New this week' }));
    expect(nodesOf(latest).map((n) => n.id)).toEqual(['home-new', 'home-new-copy-1', 'home-picks']);
    const down = screen.getAllByRole('button', { name: 'Move New this week down' })[0]!;
    down.focus();
    fireEvent.click(down);
    expect(nodesOf(latest).map((n) => n.id)).toEqual(['home-new-copy-1', 'home-new', 'home-picks']);
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'New this week is now at position 2 of 3.')).toBe(true));
  });

  it('reads in Arabic', async () => {
    await renderConsole(<Editor />, { fetchImpl: fakeFetch(network), lang: 'ar' });
    await waitFor(() => expect(screen.getAllByTestId('structure-node-summary')[0]).toHaveTextContent('عنصر واحد'));
    expect(screen.getByRole('button', { name: 'تكرار New this week' })).toBeInTheDocument();
  });
});
