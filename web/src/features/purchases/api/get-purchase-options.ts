/**
 * The purchase options of one article: GET /purchase/user/purchaseOptions for a signed-in user,
 * GET /purchase/ArticlePurchaseOptions/{id} for a guest (what is free). Errors are answers here:
 * 404 DEVICE_NOT_SUPPORTED opens a dialog rather than failing.
 */
import { queryOptions } from '@tanstack/react-query';
import type { OptionsAnswer } from '../consume-decision';
import type { PurchaseOptions } from '../types';
import type { ApiQuery } from '@/lib/api-schema';
import { callAnswer } from '@/lib/call-result';

/** The query of each call, as the server documents it. */
type UserQuery = ApiQuery<'getBackendPurchaseUserPurchaseOptions'>;
type GuestQuery = ApiQuery<'getBackendPurchaseArticlePurchaseOptionsId'>;

/** The article asked about, on which device, and whether to ask as a signed-in user (a guest asks what is free). */
export type PurchaseOptionsQuery = UserQuery & Required<Pick<UserQuery, 'contentType' | 'deviceId'>> & { signedIn: boolean };

export async function getPurchaseOptions({ articleId, contentType, deviceId, signedIn }: PurchaseOptionsQuery): Promise<OptionsAnswer> {
  const answer = signedIn
    ? await callAnswer<WireOptions>('GET', '/purchase/user/purchaseOptions', { query: { articleId, contentType, deviceId } satisfies UserQuery })
    : await callAnswer<WireOptions>('GET', `/purchase/ArticlePurchaseOptions/${articleId}`, {
        query: { contentType, deviceId, isDTO: false } satisfies GuestQuery,
      });
  if (answer.ok && answer.data) return { ok: true, options: normalize(answer.data) };
  return { ok: false, status: answer.status, code: answer.code };
}

/** Lists the server may leave out become empty lists. */
type WireOptions = Omit<PurchaseOptions, 'consume' | 'unavailable' | 'purchase' | 'upgradeTo' | 'downgradeTo'> & Partial<Pick<PurchaseOptions, 'consume' | 'unavailable' | 'purchase' | 'upgradeTo' | 'downgradeTo'>>;

function normalize(options: WireOptions): PurchaseOptions {
  return {
    ...options,
    consume: options.consume ?? [],
    unavailable: options.unavailable ?? [],
    purchase: options.purchase ?? [],
    upgradeTo: options.upgradeTo ?? [],
    downgradeTo: options.downgradeTo ?? [],
  };
}

export const purchaseOptionsKey = (query: PurchaseOptionsQuery) => ['purchases', 'options', query.articleId, query.signedIn, query.deviceId] as const;

/** Never cached: a purchase or a spent credit changes the answer. */
export const getPurchaseOptionsQueryOptions = (query: PurchaseOptionsQuery) =>
  queryOptions({ queryKey: purchaseOptionsKey(query), queryFn: () => getPurchaseOptions(query), staleTime: 0, gcTime: 0 });
