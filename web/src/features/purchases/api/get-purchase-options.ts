/**
 * The purchase options of one article: GET /purchase/user/purchaseOptions for a signed-in user,
 * GET /purchase/ArticlePurchaseOptions/{id} for a guest (what is free). Errors are answers here:
 * 404 DEVICE_NOT_SUPPORTED opens a dialog rather than failing.
 */
import { queryOptions } from '@tanstack/react-query';
import type { OptionsAnswer } from '../consume-decision';
import type { PurchaseOptions } from '../types';
import { callAnswer } from '@/lib/call-result';

/**
 * The article asked about and whether to ask as a signed-in user (a guest asks what is free).
 * docs/openapi.json names no query parameters for either call (articleId, contentType, deviceId,
 * isDTO), so they are written here until the server describes them.
 */
// eslint-disable-next-line no-restricted-syntax -- the documented gap above
export interface PurchaseOptionsQuery {
  articleId: number;
  contentType: string;
  deviceId: string;
  signedIn: boolean;
}

export async function getPurchaseOptions({ articleId, contentType, deviceId, signedIn }: PurchaseOptionsQuery): Promise<OptionsAnswer> {
  const answer = signedIn
    ? await callAnswer<WireOptions>('GET', '/purchase/user/purchaseOptions', { query: { articleId, contentType, deviceId } })
    : await callAnswer<WireOptions>('GET', `/purchase/ArticlePurchaseOptions/${articleId}`, { query: { contentType, deviceId, isDTO: false } });
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
