/**
 * The console's working copy of a page structure (the stored tree: texts by language, the
 * customProperties the structure call reads, docs/contracts.md "structure"): pure edits of its
 * top-level nodes (the rails and banners), each returning a new tree.
 */
import { LANGUAGES, type LanguageCode } from '@/config/languages';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}
export type Texts = string | Partial<Record<LanguageCode, string>>;

export interface TreeNode {
  id?: string | number;
  name: string;
  data?: {
    title?: Texts;
    subTitle?: Texts;
    imageUrl?: string;
    clickUrl?: string;
    customProperties?: JsonObject;
  };
  substructure?: TreeNode[];
  [key: string]: unknown;
}

export type Device = '' | 'desktop' | 'mobile';
/**
 * The types a console user adds to a page (the storefront draws them, docs/contracts.md): a rail of
 * hand-picked articles, a rail filled by a catalog query (`catalog`), a banner of slides, a grid of tiles.
 * A header or a footer (`links`) holds links only.
 */
export const ADDABLE_TYPES = ['catalog', 'rail', 'banner', 'grid'] as const;
export type AddableType = (typeof ADDABLE_TYPES)[number] | 'link';

/** The types a structure's top level takes: links for a header or a footer, else the page's nodes. */
export function addableTypes(tree: TreeNode): readonly AddableType[] {
  return nodeType(tree) === 'links' ? ['link'] : ADDABLE_TYPES;
}

export function nodesOf(tree: TreeNode): TreeNode[] {
  return tree.substructure ?? [];
}

function withNodes(tree: TreeNode, nodes: TreeNode[]): TreeNode {
  return { ...tree, substructure: nodes };
}

/** Moves the item at `from` to `to` (a drag's drop); the same list when either is out of range. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** Moves the node at `from` to place `to` (a drag's drop). */
export function moveNodeTo(tree: TreeNode, from: number, to: number): TreeNode {
  return withNodes(tree, moveItem(nodesOf(tree), from, to));
}

/** Moves the node at `index` by `delta` places (clamped); the same tree when it cannot move. */
export function moveNode(tree: TreeNode, index: number, delta: number): TreeNode {
  const nodes = [...nodesOf(tree)];
  const target = index + delta;
  if (index < 0 || index >= nodes.length || target < 0 || target >= nodes.length) return tree;
  const [node] = nodes.splice(index, 1);
  if (!node) return tree;
  nodes.splice(target, 0, node);
  return withNodes(tree, nodes);
}

export function removeNode(tree: TreeNode, index: number): TreeNode {
  return withNodes(
    tree,
    nodesOf(tree).filter((_, i) => i !== index),
  );
}

export function allIds(node: TreeNode, into = new Set<string>()): Set<string> {
  if (node.id !== undefined) into.add(String(node.id));
  for (const child of node.substructure ?? []) allIds(child, into);
  return into;
}

/** An id `${base}-${n}` that `taken` does not hold (and takes it). */
export function freshId(taken: Set<string>, base: string, start = 1): string {
  let n = start;
  while (taken.has(`${base}-${n}`)) n += 1;
  const id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/** A new empty node of a type (a catalog row starts with the newest items), with an id no node of the tree has. */
export function newNode(tree: TreeNode, type: AddableType, title: string, taken: Set<string> = allIds(tree)): TreeNode {
  const id = freshId(taken, `${tree.name}-${type}`, nodesOf(tree).length + 1);
  const customProperties: JsonObject = type === 'catalog' ? { type, query: { sort: 'new' }, count: 12 } : { type };
  return {
    id,
    name: id.slice(tree.name.length + 1),
    data: { title: { en: title }, subTitle: '', imageUrl: '', clickUrl: '', customProperties },
    substructure: [],
  };
}

/** A new empty node of a type at the end. */
export function addNode(tree: TreeNode, type: AddableType, title: string): TreeNode {
  return withNodes(tree, [...nodesOf(tree), newNode(tree, type, title)]);
}

/** A copy of a node with its whole subtree, every id made anew (ids are unique in a tree). */
export function copyWithIds(node: TreeNode, taken: Set<string>): TreeNode {
  const base = node.id === undefined ? node.name : String(node.id).replace(/-copy(-\d+)?$/, '');
  const copy: TreeNode = { ...structuredClone(node), id: freshId(taken, `${base}-copy`) };
  copy.substructure = (node.substructure ?? []).map((child) => copyWithIds(child, taken));
  return copy;
}

/** The node at `index` duplicated (its subtree too, new ids) right after it. */
export function duplicateNode(tree: TreeNode, index: number): TreeNode {
  const nodes = [...nodesOf(tree)];
  const node = nodes[index];
  if (!node) return tree;
  nodes.splice(index + 1, 0, copyWithIds(node, allIds(tree)));
  return withNodes(tree, nodes);
}

export function replaceNode(tree: TreeNode, index: number, node: TreeNode): TreeNode {
  return withNodes(
    tree,
    nodesOf(tree).map((n, i) => (i === index ? node : n)),
  );
}

export function props(node: TreeNode): JsonObject {
  return node.data?.customProperties ?? {};
}

export function withProps(node: TreeNode, change: (p: JsonObject) => void): TreeNode {
  const next = { ...props(node) };
  change(next);
  return { ...node, data: { ...node.data, customProperties: next } };
}

export function nodeType(node: TreeNode): string {
  const type = props(node).type;
  return typeof type === 'string' ? type : '';
}

/** The node's title in `lang`, else English, else its name. */
export function titleIn(node: TreeNode, lang: LanguageCode): string {
  const title = node.data?.title;
  if (typeof title === 'string') return title || node.name;
  const text = [title?.[lang], title?.en].find((t) => t !== undefined && t !== '');
  return text ?? node.name;
}

export function titleOf(node: TreeNode, lang: LanguageCode): string {
  const title = node.data?.title;
  if (typeof title === 'string') return lang === 'en' ? title : '';
  return title?.[lang] ?? '';
}

/** Sets one language's title; a plain-text title becomes the English one of a map. Empty removes it (English stays). */
export function setTitle(node: TreeNode, lang: LanguageCode, text: string): TreeNode {
  return setText(node, 'title', lang, text);
}

/** One language's text of a node's title or subtitle ('' when it has none). */
export function textOf(node: TreeNode, field: 'title' | 'subTitle', lang: LanguageCode): string {
  const value = node.data?.[field];
  if (typeof value === 'string') return lang === 'en' ? value : '';
  return value?.[lang] ?? '';
}

/** Sets one language's text of a title or subtitle (see setTitle). */
export function setText(node: TreeNode, field: 'title' | 'subTitle', lang: LanguageCode, text: string): TreeNode {
  const current = node.data?.[field];
  const map: Partial<Record<LanguageCode, string>> = typeof current === 'string' ? { en: current } : { en: '', ...(current ?? {}) };
  map[lang] = text;
  // An empty translation is left out (English stays, as the storefront's fallback, and the server wants it).
  const ordered: Partial<Record<LanguageCode, string>> = {};
  for (const { code } of LANGUAGES) {
    const value = map[code];
    if (value !== undefined && (value !== '' || code === 'en')) ordered[code] = value;
  }
  return { ...node, data: { ...node.data, [field]: ordered } };
}

export interface Schedule {
  from: string;
  until: string;
}

export function scheduleOf(node: TreeNode): Schedule {
  const s = props(node).schedule;
  const obj = s && typeof s === 'object' && !Array.isArray(s) ? s : {};
  return { from: typeof obj.from === 'string' ? obj.from : '', until: typeof obj.until === 'string' ? obj.until : '' };
}

/** UTC times as stored ("2026-12-01T08:00:00Z"); both empty removes the schedule. */
export function setSchedule(node: TreeNode, schedule: Schedule): TreeNode {
  return withProps(node, (p) => {
    const next: JsonObject = {};
    if (schedule.from) next.from = schedule.from;
    if (schedule.until) next.until = schedule.until;
    if (Object.keys(next).length > 0) p.schedule = next;
    else delete p.schedule;
  });
}

/** A datetime-local value ("2026-12-01T08:00", read as UTC) as stored, and back. */
export function utcFromInput(value: string): string {
  return value ? `${value.length === 16 ? `${value}:00` : value}Z` : '';
}
export function inputFromUtc(value: string): string {
  return value.endsWith('Z') ? value.slice(0, -1) : value;
}

export function deviceOf(node: TreeNode): Device {
  const list = props(node).platforms;
  if (!Array.isArray(list) || list.length !== 1) return '';
  return list[0] === 'desktop' || list[0] === 'mobile' ? list[0] : '';
}

export function setDevice(node: TreeNode, device: Device): TreeNode {
  return withProps(node, (p) => {
    if (device) p.platforms = [device];
    else delete p.platforms;
  });
}

export function osOf(node: TreeNode): string {
  const list = props(node).os;
  return Array.isArray(list) ? list.filter((x) => typeof x === 'string').join(', ') : '';
}

export function setOs(node: TreeNode, text: string): TreeNode {
  const list = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return withProps(node, (p) => {
    if (list.length > 0) p.os = list;
    else delete p.os;
  });
}

export function ratingOf(node: TreeNode): string {
  const r = props(node).rating;
  return typeof r === 'number' || typeof r === 'string' ? String(r) : '';
}

export function setRating(node: TreeNode, text: string): TreeNode {
  return withProps(node, (p) => {
    const n = Number(text);
    if (text.trim() !== '' && Number.isInteger(n)) p.rating = n;
    else delete p.rating;
  });
}

/** The top-level node a server field path names ("tree.substructure[3].data…" → 3), if any. */
export function nodeIndexOfField(field: string): number | null {
  const match = /^tree\.substructure\[(\d+)\]/.exec(field);
  return match ? Number(match[1]) : null;
}
