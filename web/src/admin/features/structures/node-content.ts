/**
 * What a node holds, as the storefront draws it (docs/contracts.md "structure", docs/merchandising.md): a
 * banner's slides, a hand-picked rail's cards, a grid's tiles (each a child node with an image, texts and a
 * link), a catalog row's query and count, and the languages a node shows in. Pure edits returning new nodes.
 */
import { LANGUAGES, type LanguageCode } from '@/config/languages';
import { allIds, freshId, moveItem, nodeType, props, withProps, type JsonObject, type TreeNode } from './structures-tree';

/** The child type each container holds (structure_validation.cpp child_type). */
export const CHILD_TYPE = { banner: 'slide', rail: 'card', grid: 'card', links: 'link' } as const;
export type Container = keyof typeof CHILD_TYPE;

export function isContainer(type: string): type is Container {
  return type in CHILD_TYPE;
}

export function childrenOf(node: TreeNode): TreeNode[] {
  return node.substructure ?? [];
}

export function withChildren(node: TreeNode, children: TreeNode[]): TreeNode {
  return { ...node, substructure: children };
}

export function moveChild(node: TreeNode, from: number, to: number): TreeNode {
  return withChildren(node, moveItem(childrenOf(node), from, to));
}

export function removeChild(node: TreeNode, index: number): TreeNode {
  return withChildren(
    node,
    childrenOf(node).filter((_, i) => i !== index),
  );
}

export function replaceChild(node: TreeNode, index: number, child: TreeNode): TreeNode {
  return withChildren(
    node,
    childrenOf(node).map((c, i) => (i === index ? child : c)),
  );
}

/** What a new child starts with: its title in English (the other languages are typed in), image and link. */
export interface ChildStart {
  title?: Partial<Record<LanguageCode, string>>;
  subTitle?: string | Partial<Record<LanguageCode, string>>;
  imageUrl?: string;
  clickUrl?: string;
  customProperties?: JsonObject;
}

/**
 * A new child of a container at its end (a slide of a banner, a card of a rail, a tile of a grid, a link of a
 * header), its id new in `tree` (the whole structure, where ids are unique).
 */
export function addChild(tree: TreeNode, node: TreeNode, start: ChildStart = {}): TreeNode {
  const type = nodeType(node);
  const childType = isContainer(type) ? CHILD_TYPE[type] : 'card';
  const base = `${String(node.id ?? node.name)}-${childType}`;
  // The tree's ids and the node's own (a node being edited may hold children the tree does not have yet).
  const id = freshId(allIds(node, allIds(tree)), base, childrenOf(node).length + 1);
  const child: TreeNode = {
    id,
    name: id,
    data: {
      title: { en: '', ...start.title },
      subTitle: start.subTitle ?? '',
      imageUrl: start.imageUrl ?? '',
      clickUrl: start.clickUrl ?? '',
      customProperties: { ...start.customProperties, type: childType },
    },
    substructure: [],
  };
  return withChildren(node, [...childrenOf(node), child]);
}

export function imageOf(node: TreeNode): string {
  return node.data?.imageUrl ?? '';
}

export function setImage(node: TreeNode, url: string): TreeNode {
  return { ...node, data: { ...node.data, imageUrl: url } };
}

export function linkOf(node: TreeNode): string {
  return node.data?.clickUrl ?? '';
}

export function setLink(node: TreeNode, url: string): TreeNode {
  return { ...node, data: { ...node.data, clickUrl: url } };
}

/** The article a hand-picked card shows (customProperties.articleId), if any. */
export function articleIdOf(node: TreeNode): number | null {
  const id = props(node).articleId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** An article of the catalog as a card takes it: texts by language, cover, link, and what the filters read. */
export interface PickedArticle {
  id: number;
  titles: Partial<Record<LanguageCode, string>>;
  artist: string;
  imageUrl: string;
  href: string;
  contentType: string;
  rating: number;
}

/** A card of a picked article at the end of a rail: its texts, cover and page, its rating (the storefront's filter). */
export function addArticleCard(tree: TreeNode, rail: TreeNode, article: PickedArticle): TreeNode {
  return addChild(tree, rail, {
    title: article.titles,
    subTitle: article.artist,
    imageUrl: article.imageUrl,
    clickUrl: article.href,
    customProperties: { articleId: article.id, contentType: article.contentType, rating: article.rating },
  });
}

/** The ids of the articles a rail's cards show (to mark them in the picker). */
export function pickedIds(rail: TreeNode): Set<number> {
  return new Set(childrenOf(rail).map(articleIdOf).filter((id): id is number => id !== null));
}

// ---- A catalog row (type `catalog`): the list it shows, read by the storefront's CatalogRail.

/** The sorts the catalog list call takes (GET /backend/catalog/articles `sort`); '' is the catalog's own order. */
export const SORTS = ['new', 'popular', 'rated', 'price', 'title', ''] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_COUNT = 12;
export const MAX_COUNT = 24;

export interface CatalogQuery {
  section: string;
  contentType: string;
  category: string;
  sort: Sort;
}

export function queryOf(node: TreeNode): CatalogQuery {
  const raw = props(node).query;
  const q = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  const text = (key: string) => (typeof q[key] === 'string' ? q[key] : '');
  const sort = text('sort');
  return { section: text('section'), contentType: text('contentType'), category: text('category'), sort: (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : '' };
}

/** Sets the query's filters; an empty one is left out (the list is not narrowed by it). */
export function setQuery(node: TreeNode, change: Partial<CatalogQuery>): TreeNode {
  const next = { ...queryOf(node), ...change };
  return withProps(node, (p) => {
    const query: JsonObject = {};
    for (const key of ['section', 'contentType', 'category', 'sort'] as const) if (next[key] !== '') query[key] = next[key];
    p.query = query;
  });
}

/** How many items a catalog row shows at most (customProperties.count, default 12: the storefront's). */
export function countOf(node: TreeNode): number {
  const count = props(node).count;
  return typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= MAX_COUNT ? count : DEFAULT_COUNT;
}

export function setCount(node: TreeNode, count: number): TreeNode {
  return withProps(node, (p) => {
    p.count = Math.min(MAX_COUNT, Math.max(1, Math.round(count)));
  });
}

/** A rail's source: a catalog query (type catalog) or hand-picked articles (type rail). */
export type RailSource = 'query' | 'picked';

export function railSource(node: TreeNode): RailSource | null {
  const type = nodeType(node);
  return type === 'catalog' ? 'query' : type === 'rail' ? 'picked' : null;
}

/** Turns a rail into the other source: its title, schedule and targeting stay; a query row holds no cards. */
export function setRailSource(node: TreeNode, source: RailSource): TreeNode {
  if (railSource(node) === source) return node;
  const changed = withProps(node, (p) => {
    if (source === 'query') {
      p.type = 'catalog';
      p.query ??= { sort: 'new' };
      if (p.count === undefined) p.count = DEFAULT_COUNT;
    } else {
      p.type = 'rail';
      delete p.query;
      delete p.count;
    }
  });
  return source === 'query' ? withChildren(changed, []) : changed;
}

// ---- Targeting by the storefront's language (customProperties.languages; none: every language).

export function languagesOf(node: TreeNode): LanguageCode[] {
  const list = props(node).languages;
  if (!Array.isArray(list)) return [];
  return LANGUAGES.map((l) => l.code).filter((code) => list.includes(code));
}

export function setLanguages(node: TreeNode, languages: readonly LanguageCode[]): TreeNode {
  return withProps(node, (p) => {
    const list = LANGUAGES.map((l) => l.code).filter((code) => languages.includes(code));
    if (list.length > 0 && list.length < LANGUAGES.length) p.languages = list;
    else delete p.languages;
  });
}

/**
 * How many items the storefront shows of a node, before its filters (rating, device, schedule): a catalog
 * row's the smaller of its count and the catalog's total (null while that is not known), any other the
 * number of its children.
 */
export function itemCount(node: TreeNode, catalogTotal: number | null | undefined): number | null {
  if (nodeType(node) === 'catalog') return catalogTotal === null || catalogTotal === undefined ? null : Math.min(countOf(node), catalogTotal);
  return childrenOf(node).length;
}
