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
/** The types a console user adds (the structure call draws them, docs/contracts.md). */
export const ADDABLE_TYPES = ['rail', 'banner', 'grid'] as const;
export type AddableType = (typeof ADDABLE_TYPES)[number];

export function nodesOf(tree: TreeNode): TreeNode[] {
  return tree.substructure ?? [];
}

function withNodes(tree: TreeNode, nodes: TreeNode[]): TreeNode {
  return { ...tree, substructure: nodes };
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

function allIds(node: TreeNode, into: Set<string>): Set<string> {
  if (node.id !== undefined) into.add(String(node.id));
  for (const child of node.substructure ?? []) allIds(child, into);
  return into;
}

/** A new empty rail, banner or grid at the end, with an id no node of the tree has. */
export function addNode(tree: TreeNode, type: AddableType, title: string): TreeNode {
  const ids = allIds(tree, new Set());
  let n = nodesOf(tree).length + 1;
  const base = `${tree.name}-${type}`;
  while (ids.has(`${base}-${n}`)) n += 1;
  const node: TreeNode = {
    id: `${base}-${n}`,
    name: `${type}-${n}`,
    data: { title: { en: title }, subTitle: '', imageUrl: '', clickUrl: '', customProperties: { type } },
    substructure: [],
  };
  return withNodes(tree, [...nodesOf(tree), node]);
}

export function replaceNode(tree: TreeNode, index: number, node: TreeNode): TreeNode {
  return withNodes(
    tree,
    nodesOf(tree).map((n, i) => (i === index ? node : n)),
  );
}

function props(node: TreeNode): JsonObject {
  return node.data?.customProperties ?? {};
}

function withProps(node: TreeNode, change: (p: JsonObject) => void): TreeNode {
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
  const current = node.data?.title;
  const map: Partial<Record<LanguageCode, string>> = typeof current === 'string' ? { en: current } : { ...(current ?? {}) };
  map[lang] = text;
  // An empty translation is left out (English stays, as the storefront's fallback).
  const ordered: Partial<Record<LanguageCode, string>> = {};
  for (const { code } of LANGUAGES) {
    const value = map[code];
    if (value !== undefined && (value !== '' || code === 'en')) ordered[code] = value;
  }
  return { ...node, data: { ...node.data, title: ordered } };
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
