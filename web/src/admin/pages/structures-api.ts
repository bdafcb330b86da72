/**
 * The calls of the page-structures page (/backend/admin/structures, docs/contracts.md "Page
 * structures from the console").
 */
import type { ApiClient } from '@/lib/api-client';
import type { Data } from '../lib/api';
import type { TreeNode } from './structures-tree';

// The answers, generated from docs/openapi.json (structure_admin_answers.hpp).
export type StructureSummary = Data<'getBackendAdminStructures', 200>['structures'][number];
/** The tree is any JSON to the document (a structure file's tree); the page reads it as its nodes. */
export type StructureDocument = Omit<Data<'getBackendAdminStructuresName', 200>, 'tree'> & { tree: TreeNode };
export type StructureVersions = Data<'getBackendAdminStructuresNameVersions', 200>;
export type StructureVersionInfo = StructureVersions['versions'][number];
export type StructureChange = Data<'postBackendAdminStructuresNamePublish', '2XX'>;
export interface PreviewBody {
  tree?: TreeNode;
  audience?: 'guest' | 'subscriber';
  maxRating?: number;
  device?: 'desktop' | 'mobile';
  os?: string;
  lang?: string;
  at?: string;
}
export interface PreviewNode {
  id?: string | number;
  name: string;
  data: { title: string; subTitle: string; customProperties: Record<string, unknown> };
  substructure: PreviewNode[];
}

interface Envelope<T> {
  data: T;
}

const path = (name: string, rest = '') => `/admin/structures/${encodeURIComponent(name)}${rest}`;

export const structureCalls = {
  list: async (api: ApiClient) => (await api.get<Envelope<{ structures: StructureSummary[] }>>('/admin/structures')).data.structures,
  read: async (api: ApiClient, name: string, version?: number) =>
    (await api.get<Envelope<StructureDocument>>(path(name), version ? { query: { version } } : {})).data,
  versions: async (api: ApiClient, name: string) => (await api.get<Envelope<StructureVersions>>(path(name, '/versions'))).data,
  saveDraft: async (api: ApiClient, name: string, tree: TreeNode, note: string) => (await api.put<Envelope<StructureChange>>(path(name, '/draft'), { tree, note })).data,
  publish: async (api: ApiClient, name: string, version: number) => (await api.post<Envelope<StructureChange>>(path(name, '/publish'), { version })).data,
  preview: async (api: ApiClient, name: string, body: PreviewBody) =>
    (await api.post<Envelope<PreviewNode>>(path(name, '/preview'), body)).data,
};
