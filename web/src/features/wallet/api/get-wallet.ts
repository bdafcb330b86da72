/**
 * GET /wallet/userarticles?inclContTypes=FULL_TRACK_MUSIC,AUDIO_BOOK,GAME&devId=&limit=50&offset=: one
 * page of the user's owned items (GAME beyond the spec's two types: bought games belong in My purchases too), with `x-result-count` (guests: an empty list). The header is why
 * this call reads the response itself rather than through the shared client's body-only answer.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, buildUrl, getApiClient } from '@/lib/api-client';
import { DISTRIBUTION_CHANNEL } from '@/config/env';
import { logFailure } from '@/lib/log';
import { useKnownDeviceId, usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { WALLET_PAGE_SIZE, parseResultCount } from '../result-count';
import type { WalletItem } from '../types';
import type { WalletPage } from '../wallet-page';

export const WALLET_CONTENT_TYPES = 'FULL_TRACK_MUSIC,AUDIO_BOOK,GAME';

/** A failed read is logged as 'Failed to get wallet' (commerce §8) and still rejects: the list offers a retry. */
export function getWallet(offset: number, deviceId: string, lang?: string, limit = WALLET_PAGE_SIZE): Promise<WalletPage> {
  return logFailure('Failed to get wallet', readWalletPage(offset, deviceId, lang, limit));
}

async function readWalletPage(offset: number, deviceId: string, lang: string | undefined, limit: number): Promise<WalletPage> {
  const { config } = getApiClient();
  const url = buildUrl(config.baseUrl, '/wallet/userarticles', { inclContTypes: WALLET_CONTENT_TYPES, devId: deviceId, limit, offset, lang });
  const token = await config.getAccessToken?.();
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Tenant-ID': config.tenantName, 'x-distribution-channel': DISTRIBUTION_CHANNEL };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await (config.fetchImpl ?? fetch)(url, { headers, credentials: 'include' });
  const body = (await response.json().catch(() => null)) as { data?: WalletItem[] } | null;
  if (!response.ok) {
    if (response.status === 401) (config.onUnauthorized ?? (() => window.location.reload()))();
    throw new ApiError('GET', url, response.status, response.statusText, body);
  }
  const items = body?.data ?? [];
  const count = parseResultCount(response.headers.get('x-result-count'));
  return {
    items,
    total: count?.total ?? offset + items.length,
    first: count?.first ?? (items.length > 0 ? offset + 1 : 0),
    last: count?.last ?? offset + items.length,
    hasHeader: count !== null,
  };
}

export const walletQueryKey = (offset: number, deviceId: string, lang: string) => ['wallet', 'userarticles', offset, deviceId, lang] as const;

export const getWalletQueryOptions = (offset: number, deviceId: string, lang: string) =>
  queryOptions({ queryKey: walletQueryKey(offset, deviceId, lang), queryFn: () => getWallet(offset, deviceId, lang), staleTime: 30_000 });

export function useWallet(offset: number) {
  const deviceId = useKnownDeviceId();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const lang = useCurrentLanguage();
  return useQuery({ ...getWalletQueryOptions(offset, deviceId ?? '1', lang), enabled: signedIn && deviceId !== null, placeholderData: keepPreviousData });
}
