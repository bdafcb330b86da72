/**
 * The purchase options of a game (GET /purchase/user/purchaseOptions, signed in), the answer the details
 * button's state is decided from. Errors are answers: 404 DEVICE_NOT_SUPPORTED is a state, not a failure.
 */
import { queryOptions } from '@tanstack/react-query';
import { callAnswer } from '@/lib/call-result';
import type { OptionsAnswer } from '../button-state';
import type { GamePurchaseOptions } from '../types';

export async function getGameOptions(articleId: number, contentType: string, deviceId: string): Promise<OptionsAnswer> {
  const answer = await callAnswer<GamePurchaseOptions>('GET', '/purchase/user/purchaseOptions', { query: { articleId, contentType, deviceId } });
  if (!answer.ok || !answer.data) return { ok: false, status: answer.status, code: answer.code };
  const d = answer.data;
  return { ok: true, options: { consume: d.consume, unavailable: d.unavailable, purchase: d.purchase, upgradeTo: d.upgradeTo } };
}

/** Shares the purchases feature's key prefix, so a purchase or a spent credit (which invalidates 'purchases') refreshes it. */
export const gameOptionsQueryOptions = (articleId: number, contentType: string, deviceId: string) =>
  queryOptions({
    queryKey: ['purchases', 'game-options', articleId, deviceId] as const,
    queryFn: () => getGameOptions(articleId, contentType, deviceId),
    staleTime: 0,
  });
