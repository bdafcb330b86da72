/**
 * The calls of the page-structures page (/backend/admin/structures, docs/contracts.md "Page
 * structures from the console").
 */
import type { ApiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-schema';
import type { Data, Envelope } from '@/admin/lib/api';
import type { TreeNode } from './structures-tree';

// The answers, generated from docs/openapi.json (structure_admin_answers.hpp).
export type StructureSummary = Data<'getBackendAdminStructures', 200>['structures'][number];
/** The tree is any JSON to the document (a structure file's tree); the page reads it as its nodes. */
export type StructureDocument = Omit<Data<'getBackendAdminStructuresName', 200>, 'tree'> & { tree: TreeNode };
export type StructureVersions = Data<'getBackendAdminStructuresNameVersions', 200>;
export type StructureVersionInfo = StructureVersions['versions'][number];
export type StructureChange = Data<'postBackendAdminStructuresNamePublish', '2XX'>;

/*
 * POST .../preview (server structure_admin_answers.hpp PreviewDto in, ConfigNodeDto out). Where
 * docs/openapi.json is looser than the server, narrowed here until the server describes it:
 * - the body's `tree` is any JSON there (a structure file's tree): the page sends its TreeNode;
 *   `audience` and `device` are plain strings there, the server takes the values below
 *   (structure_admin_answers.cpp preview_request);
 * - the answer's `id` is any JSON value (the structure file's id: a string or a number, or absent)
 *   and `substructure` an array of anything (each child a node of this shape), as the storefront's
 *   ConfigNode (src/lib/portal-types.ts, structure_rules.cpp shape_node).
 */
type WirePreviewBody = ApiBody<'postBackendAdminStructuresNamePreview'>;
type WirePreviewNode = Data<'postBackendAdminStructuresNamePreview', '2XX'>;
export type PreviewBody = Omit<WirePreviewBody, 'tree' | 'audience' | 'device'> &
  Partial<Record<'tree', TreeNode> & Record<'audience', 'guest' | 'subscriber'> & Record<'device', 'desktop' | 'mobile'>>;
export type PreviewNode = Omit<WirePreviewNode, 'id' | 'substructure'> & Partial<Record<'id', string | number>> & Record<'substructure', PreviewNode[]>;
export type StructureList = Data<'getBackendAdminStructures', 200>;
export type NewStructureBody = ApiBody<'postBackendAdminStructures'>;
/** The kinds a structure is made as (docs/tenants.md "A new tenant's structures"). */
export const STRUCTURE_KINDS = ['section', 'info', 'marketing', 'home', 'header', 'footer'] as const;
export type StructureKind = (typeof STRUCTURE_KINDS)[number];
/** home, header and footer: the storefront needs them; they keep their names and are never deleted. */
export const isRequiredStructure = (name: string) => name === 'home' || name === 'header' || name === 'footer';
/** Where the storefront shows a structure (content-page.tsx structureNameFor), or null for header and footer. */
export function storefrontPath(name: string): string | null {
  if (name === 'home') return '/';
  if (name === 'header' || name === 'footer') return null;
  if (name.startsWith('info-')) return `/info/${name.slice(5)}`;
  if (name.startsWith('marketing-')) return `/marketing/${name.slice(10)}`;
  return `/${name}`;
}

/** A version waiting to be published at a set time (server structure_admin_answers.hpp StructureScheduleDto). */
export type StructureSchedule = NonNullable<StructureSummary['scheduled']>;
export type ScheduleBody = ApiBody<'putBackendAdminStructuresNameSchedule'>;
/** The storefront's search (titles, artists, descriptions in every language): the rail's article picker. */
export type SearchHits = Data<'getBackendSearch', 200>;
export type SearchHit = SearchHits['entries'][number];
/** One article as the storefront shows it (its cover, its page's href, its artists). */
export type StoreArticle = Data<'getBackendCatalogArticlesId', 200>;
/** One article of the console's catalog: its texts in every language (a card takes its titles). */
export type ConsoleArticle = Data<'getBackendAdminCatalogArticlesId', 200>;
export type Categories = Data<'getBackendCatalogCategories', 200>;
export type Category = Categories[number];
export type PlanList = Data<'getBackendAdminPlans', 200>;

const path = (name: string, rest = '') => `/admin/structures/${encodeURIComponent(name)}${rest}`;

export const structureCalls = {
  list: async (api: ApiClient) => (await api.get<Envelope<StructureList>>('/admin/structures')).data.structures,
  read: async (api: ApiClient, name: string, version?: number) =>
    (await api.get<Envelope<StructureDocument>>(path(name), version ? { query: { version } } : {})).data,
  versions: async (api: ApiClient, name: string) => (await api.get<Envelope<StructureVersions>>(path(name, '/versions'))).data,
  saveDraft: async (api: ApiClient, name: string, tree: TreeNode, note: string) => (await api.put<Envelope<StructureChange>>(path(name, '/draft'), { tree, note })).data,
  publish: async (api: ApiClient, name: string, version: number) => (await api.post<Envelope<StructureChange>>(path(name, '/publish'), { version })).data,
  create: async (api: ApiClient, body: NewStructureBody) => (await api.post<Envelope<StructureChange>>('/admin/structures', body)).data,
  rename: async (api: ApiClient, name: string, slug: string) => (await api.post<Envelope<StructureChange>>(path(name, '/rename'), { slug })).data,
  remove: async (api: ApiClient, name: string) => (await api.delete<Envelope<StructureSummary>>(path(name))).data,
  preview: async (api: ApiClient, name: string, body: PreviewBody) =>
    (await api.post<Envelope<PreviewNode>>(path(name, '/preview'), body)).data,
  schedule: async (api: ApiClient, name: string, body: ScheduleBody) => (await api.put<Envelope<StructureChange>>(path(name, '/schedule'), body)).data,
  unschedule: async (api: ApiClient, name: string) => (await api.delete<Envelope<StructureChange>>(path(name, '/schedule'))).data,
};

/** What the editors pick from: the storefront's own catalog (what a guest finds), the console's article and plans. */
export const pickerCalls = {
  search: async (api: ApiClient, q: string, lang: string) => (await api.get<Envelope<SearchHits>>('/search', { query: { q, lang, limit: 12 } })).data.entries,
  article: async (api: ApiClient, id: number, lang: string) => (await api.get<Envelope<StoreArticle>>(`/catalog/articles/${id}`, { query: { lang } })).data,
  consoleArticle: async (api: ApiClient, id: number) => (await api.get<Envelope<ConsoleArticle>>(`/admin/catalog/articles/${id}`)).data,
  categories: async (api: ApiClient, section: string, lang: string) => (await api.get<Envelope<Categories>>('/catalog/categories', { query: { section, lang } })).data,
  plans: async (api: ApiClient) => (await api.get<Envelope<PlanList>>('/admin/plans')).data,
};
