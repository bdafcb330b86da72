/** The home page's building blocks as the console writes them (issue 73): slides, cards, tiles, catalog rows, links. */
import { describe, expect, it } from 'vitest';
import { addArticleCard, addChild, articleIdOf, childrenOf, countOf, itemCount, languagesOf, moveChild, pickedIds, queryOf, railSource, removeChild, setCount, setLanguages, setLink, setQuery, setRailSource } from '../node-content';
import { addNode, addableTypes, allIds, duplicateNode, moveNodeTo, nodesOf, setText, textOf, type TreeNode } from '../structures-tree';

const home = (): TreeNode => ({ id: 'home', name: 'home', data: { customProperties: { type: 'page' } }, substructure: [] });
const childIds = (node: TreeNode) => childrenOf(node).map((c) => c.id);

describe('what the console adds to a page', () => {
  it('offers rails (query or hand-picked), banners and grids on a page, links only in a menu', () => {
    expect(addableTypes(home())).toEqual(['catalog', 'rail', 'banner', 'grid']);
    expect(addableTypes({ name: 'header', data: { customProperties: { type: 'links' } } })).toEqual(['link']);
  });

  it('starts a catalog row with the newest items, twelve of them', () => {
    const row = nodesOf(addNode(home(), 'catalog', 'New'))[0]!;
    expect(row.data?.customProperties).toEqual({ type: 'catalog', query: { sort: 'new' }, count: 12 });
    expect(itemCount(row, null)).toBeNull();
  });

  it('counts a catalog row as the storefront shows it: the smaller of its count and the catalog total (not 0)', () => {
    const row = setCount(nodesOf(addNode(home(), 'catalog', 'New'))[0]!, 6);
    expect(itemCount(row, 1)).toBe(1);
    expect(itemCount(row, 40)).toBe(6);
    expect(countOf(setCount(row, 99))).toBe(24);
    expect(countOf(setCount(row, 0))).toBe(1);
  });

  it('keeps only the filters set in a row query', () => {
    let row = nodesOf(addNode(home(), 'catalog', 'New'))[0]!;
    row = setQuery(row, { section: 'music', contentType: 'full_track_music', category: '' });
    expect(row.data?.customProperties?.query).toEqual({ section: 'music', contentType: 'full_track_music', sort: 'new' });
    row = setQuery(row, { sort: '' });
    expect(queryOf(row)).toEqual({ section: 'music', contentType: 'full_track_music', category: '', sort: '' });
  });

  it('turns a rail from a query into hand-picked articles and back, keeping its title and schedule', () => {
    let rail = nodesOf(addNode(home(), 'catalog', 'Picks'))[0]!;
    rail = { ...rail, data: { ...rail.data, customProperties: { ...rail.data?.customProperties, schedule: { from: '2026-12-01T08:00:00Z' } } } };
    const picked = setRailSource(rail, 'picked');
    expect(railSource(picked)).toBe('picked');
    expect(picked.data?.customProperties).toEqual({ type: 'rail', schedule: { from: '2026-12-01T08:00:00Z' } });
    expect(picked.data?.title).toEqual({ en: 'Picks' });
    const back = setRailSource(picked, 'query');
    expect(back.data?.customProperties).toEqual({ type: 'catalog', schedule: { from: '2026-12-01T08:00:00Z' }, query: { sort: 'new' }, count: 12 });
  });

  it('adds a picked article as a card with its titles, cover, page and rating, marks it picked', () => {
    const tree = addNode(home(), 'rail', 'Albums');
    const rail = nodesOf(tree)[0]!;
    const next = addArticleCard(tree, rail, { id: 2102, titles: { en: 'Neon Skyline', ar: 'أفق النيون' }, artist: 'Neon Harbor', imageUrl: '/media/art/a.webp', href: '/music/playlists/neon-skyline/2102', contentType: 'album', rating: 20 });
    const card = childrenOf(next)[0]!;
    expect(card.data).toEqual({
      title: { en: 'Neon Skyline', ar: 'أفق النيون' },
      subTitle: 'Neon Harbor',
      imageUrl: '/media/art/a.webp',
      clickUrl: '/music/playlists/neon-skyline/2102',
      customProperties: { articleId: 2102, contentType: 'album', rating: 20, type: 'card' },
    });
    expect(articleIdOf(card)).toBe(2102);
    expect(pickedIds(next)).toEqual(new Set([2102]));
  });

  it('gives every new slide an id no node of the tree has, reorders and removes them', () => {
    const tree = addNode(home(), 'banner', 'Hero');
    let banner = nodesOf(tree)[0]!;
    for (let i = 0; i < 3; i += 1) banner = addChild(tree, banner, { title: { en: `Slide ${i + 1}` } });
    expect(childIds(banner)).toEqual(['home-banner-1-slide-1', 'home-banner-1-slide-2', 'home-banner-1-slide-3']);
    expect(childrenOf(banner).every((c) => c.data?.customProperties?.type === 'slide')).toBe(true);
    expect(childIds(moveChild(banner, 2, 0))).toEqual(['home-banner-1-slide-3', 'home-banner-1-slide-1', 'home-banner-1-slide-2']);
    expect(childIds(removeChild(banner, 1))).toEqual(['home-banner-1-slide-1', 'home-banner-1-slide-3']);
    const linked = setLink(childrenOf(banner)[0]!, '/subscription');
    expect(linked.data?.clickUrl).toBe('/subscription');
  });

  it('makes grid tiles cards and menu entries links', () => {
    const tree = addNode(addNode({ id: 'header', name: 'header', data: { customProperties: { type: 'links' } }, substructure: [] }, 'link', 'Music'), 'link', 'Plans');
    expect(nodesOf(tree).map((n) => n.data?.customProperties?.type)).toEqual(['link', 'link']);
    const grid = nodesOf(addNode(home(), 'grid', 'Genres'))[0]!;
    expect(childrenOf(addChild(home(), grid))[0]!.data?.customProperties).toEqual({ type: 'card' });
  });

  it('targets a node at some storefront languages; none or all is every language', () => {
    const rail = nodesOf(addNode(home(), 'rail', 'X'))[0]!;
    expect(setLanguages(rail, ['ar']).data?.customProperties?.languages).toEqual(['ar']);
    expect(languagesOf(setLanguages(rail, ['de', 'ar']))).toEqual(['ar', 'de']);
    expect(setLanguages(rail, []).data?.customProperties).toEqual({ type: 'rail' });
    expect(setLanguages(rail, ['en', 'ar', 'fr', 'de', 'es', 'ro']).data?.customProperties).toEqual({ type: 'rail' });
  });

  it('writes a subtitle per language with English always present (the server wants it)', () => {
    const slide: TreeNode = { name: 's', data: { subTitle: '' } };
    const next = setText(slide, 'subTitle', 'ar', 'عرض');
    expect(next.data?.subTitle).toEqual({ en: '', ar: 'عرض' });
    expect(textOf(next, 'subTitle', 'ar')).toBe('عرض');
  });
});

describe('reordering and duplicating nodes', () => {
  const page = (): TreeNode => ({
    id: 'home',
    name: 'home',
    substructure: [
      { id: 'a', name: 'a', substructure: [{ id: 'a-1', name: 'a-1' }] },
      { id: 'b', name: 'b' },
      { id: 'c', name: 'c' },
    ],
  });

  it('moves a node to the place it is dropped on', () => {
    expect(nodesOf(moveNodeTo(page(), 0, 2)).map((n) => n.id)).toEqual(['b', 'c', 'a']);
    expect(nodesOf(moveNodeTo(page(), 2, 0)).map((n) => n.id)).toEqual(['c', 'a', 'b']);
    expect(nodesOf(moveNodeTo(page(), 0, 9)).map((n) => n.id)).toEqual(['a', 'b', 'c']);
  });

  it('duplicates a node with its subtree right after it, every id new and the tree ids unique', () => {
    const once = duplicateNode(page(), 0);
    expect(nodesOf(once).map((n) => n.id)).toEqual(['a', 'a-copy-1', 'b', 'c']);
    expect(nodesOf(once)[1]!.substructure?.map((n) => n.id)).toEqual(['a-1-copy-1']);
    const twice = duplicateNode(once, 1);
    expect(nodesOf(twice).map((n) => n.id)).toEqual(['a', 'a-copy-1', 'a-copy-2', 'b', 'c']);
    const all: string[] = [];
    const walk = (n: TreeNode) => {
      if (n.id !== undefined) all.push(String(n.id));
      (n.substructure ?? []).forEach(walk);
    };
    walk(twice);
    expect(new Set(all).size).toBe(all.length);
    expect(allIds(twice).size).toBe(all.length);
  });
});
