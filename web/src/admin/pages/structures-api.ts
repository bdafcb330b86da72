/**
 * The calls of the page-structures page (/backend/admin/structures, docs/contracts.md "Page
 * structures from the console").
 */
import type { ApiClient } from '@/lib/api-client';
import type { TreeNode } from './structures-tree';

// The shapes of docs/openapi.json's StructureSummaryDto, StructureDocumentDto, ... (structure_admin_answers.hpp).
export interface StructureVersionInfo {
  version: number;
  note: string;
  author: string;
  createdAt: string;
}
export interface StructureSummary {
  name: string;
  publishedVersion?: number | null;
  publishedBy: string;
  publishedAt: string;
  latest?: StructureVersionInfo | null;
  hasDraft: boolean;
}
export interface StructureDocument {
  structure: StructureSummary;
  version: StructureVersionInfo;
  tree: TreeNode;
}
export interface StructureVersions {
  name: string;
  publishedVersion?: number | null;
  versions: StructureVersionInfo[];
}
export interface StructureChange {
  structure: StructureSummary;
  version: StructureVersionInfo;
}
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
