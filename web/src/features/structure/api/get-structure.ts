/**
 * GET {backend}/structure/{name}: a tenant structure (home page, header, footer, …) for a language,
 * narrowed by the spec's query (spec 1 §7): the device (deviceId, isDesktop, os) once it is known,
 * and the rating window of an active parental control (maxRating). The server drops the nodes whose
 * `customProperties.platforms`, `os` or `rating` leave them out (docs/contracts.md).
 */
import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { ApiError, getApiClient } from '@/lib/api-client';
import type { ApiQuery } from '@/lib/api-schema';
import type { ConfigNode } from '@/lib/portal-types';
import { usePortalStore, type Device, type ParentalConfig } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { useStructurePlaceholders } from '../fill-placeholders';
import { previewedStructure } from '../structure-preview';

/**
 * The query of GET /structure/{name} (`lang` is passed apart). docs/openapi.json gives every value as
 * text; the client keeps the flags as booleans and the ratings as numbers, which the API client
 * writes out as the same text ("true", "12").
 */
type StructureParams = ApiQuery<'getBackendStructureName'>;
type ParamNames<K extends keyof StructureParams> = K;
export type StructureQuery = Partial<
  Record<ParamNames<'omitCache' | 'preLive' | 'isDesktop'>, boolean> &
    Record<ParamNames<'minRating' | 'maxRating'>, number> &
    Pick<StructureParams, 'deviceId' | 'os' | 'lastId'>
>;

export async function getStructure(name: string, lang: LanguageCode, query: StructureQuery = {}): Promise<ConfigNode> {
  const response = await getApiClient().get<{ data: ConfigNode }>(`/structure/${encodeURIComponent(name)}`, { query: { ...query, lang } });
  return response.data;
}

/** The query that narrows structures for this device and parental limit; empty while neither is known. */
export function structureNarrowing(device: Device | null, parental: ParentalConfig | null): StructureQuery {
  const query: StructureQuery = {};
  if (device && device.id !== '1') {
    query.deviceId = device.id;
    const { desktop, tablet, modernPhone, operatingSystem } = device.deviceAttributes;
    if (desktop !== undefined || tablet !== undefined || modernPhone !== undefined) query.isDesktop = desktop === true && tablet !== true;
    const os = operatingSystem?.trim().toLowerCase().replace(/[^a-z0-9_.-]+/g, '-');
    if (os) query.os = os.slice(0, 32);
  }
  if (parental?.active && typeof parental.maxRating === 'number') query.maxRating = parental.maxRating;
  return query;
}

/** The page payload's structures are kept under the empty narrowing (seed-structures.ts). */
export const structureQueryKey = (name: string, lang: LanguageCode, query: StructureQuery = {}) => ['structure', name, lang, query] as const;

/** Whether a node (or one below it) is shown on some devices only: its narrowed answer may differ. */
export function dependsOnDevice(node: ConfigNode): boolean {
  const props = node.data.customProperties;
  if (props && ('platforms' in props || 'os' in props)) return true;
  return node.substructure?.some(dependsOnDevice) ?? false;
}

function isUnanswered(error: unknown): boolean {
  return !(error instanceof ApiError);
}

export const getStructureQueryOptions = (name: string, lang: LanguageCode, query: StructureQuery = {}, queryClient?: QueryClient) => {
  const plainKey = structureQueryKey(name, lang);
  const narrowed = Object.keys(query).length > 0;
  const plain = () => (narrowed ? queryClient?.getQueryData<ConfigNode>(plainKey) : undefined);
  return queryOptions({
    queryKey: structureQueryKey(name, lang, query),
    queryFn: async () => {
      try {
        return await getStructure(name, lang, query);
      } catch (error) {
        // Offline: the structure the page already had (not narrowed) beats no page.
        const known = plain();
        if (known && isUnanswered(error)) return known;
        throw error;
      }
    },
    staleTime: 120_000,
    // A structure without device-dependent nodes reads the same for every device: the one the page
    // payload brought is this device's too, and is not asked for again.
    initialData: () => {
      const known = plain();
      return known && !('maxRating' in query) && !dependsOnDevice(known) ? known : undefined;
    },
    initialDataUpdatedAt: () => (narrowed ? queryClient?.getQueryState(plainKey)?.dataUpdatedAt : undefined),
  });
};

/** The console preview's listener, loaded only in its frame (structure-preview-listener.ts). */
const loadPreviewListener = () => import('../structure-preview-listener');

/**
 * A structure for the current language and device, its custom properties' placeholders filled (spec 1 §2).
 * In the console's preview frame (structure-preview.ts) the structure it previews is the console's answer
 * for the draft instead.
 */
export function useStructure(name: string) {
  const lang = useCurrentLanguage();
  const queryClient = useQueryClient();
  const device = usePortalStore((state) => state.device);
  const parental = usePortalStore((state) => state.parentalConfig);
  const select = useStructurePlaceholders();
  const query = structureNarrowing(device, parental);
  const previewing = previewedStructure() === name;
  useEffect(() => {
    if (!previewing) return;
    let stop: (() => void) | null = null;
    let left = false;
    loadPreviewListener().then(
      ({ onPreview }) => {
        if (!left) stop = onPreview(name, (node) => queryClient.setQueryData(['structure-preview', name, lang], node));
      },
      (error: unknown) => console.error('Could not load the preview listener', error),
    );
    return () => {
      left = true;
      stop?.();
    };
  }, [previewing, name, lang, queryClient]);
  const preview = useQuery({ queryKey: ['structure-preview', name, lang], queryFn: () => loadPreviewListener().then(({ waitForPreview }) => waitForPreview(name)), staleTime: Infinity, enabled: previewing, select });
  const live = useQuery({ ...getStructureQueryOptions(name, lang, query, queryClient), select, placeholderData: keepPreviousData, enabled: !previewing });
  return previewing ? preview : live;
}
