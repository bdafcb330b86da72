/**
 * Purchase-return handling (commerce §2 query parameters, §4): what the parameters a checkout,
 * operator or sign-in added to the address mean, and which of them to remove once handled.
 */
import { FeedbackStatus } from './subscribe-rules';

export const PURCHASE_RETURN_PARAMS = [
  'status',
  'error',
  'msg',
  'message',
  'subTypeId',
  'articleId',
  'purchaseType',
  'purchaseID',
  'type',
  'i18Message',
  'campgainId',
  'clickId',
] as const;

export const MARKETING_CAMPAIGN_KEY = 'marketingCampaign';

export type PurchaseReturnAction =
  /** Feedback dialog with a numeric status (steps 2, 3, 4, 6 and success). */
  | { kind: 'feedback'; status: number; reload: boolean; message: string | null; code: number | null; subTypeId: number | null; purchased: boolean }
  | { kind: 'login-subscription-error' }
  /** The user cancelled at the checkout (PAYMENT_CANCELLED): say so and stay on the page. */
  | { kind: 'cancelled'; subTypeId: number | null }
  /** Back from sign-in with a plan chosen: continue subscribing to it. */
  | { kind: 'resume-subscribe'; subTypeId: number }
  | { kind: 'none' };

export interface PurchaseReturn {
  action: PurchaseReturnAction;
  /** Parameter names to remove from the address (empty: leave the address alone). */
  consumed: string[];
  /** `{campgainId, clickId}` to keep in session storage, when present. */
  marketingCampaign: Record<string, string> | null;
}

const SUCCESS_WORDS = new Set(['200', '201', 'success', 'SUCCESS', 'OK', 'ok']);

function intOrNull(value: string | null): number | null {
  if (value === null || value === '') return null;
  const number = Number(value);
  return Number.isInteger(number) ? number : null;
}

/** Reads the purchase-return parameters of an address's query. */
export function readPurchaseReturn(search: string | URLSearchParams): PurchaseReturn {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const get = (name: string) => params.get(name);
  const present = PURCHASE_RETURN_PARAMS.filter((name) => params.has(name));

  const campaign: Record<string, string> = {};
  for (const name of ['campgainId', 'clickId']) {
    const value = get(name);
    if (value) campaign[name] = value;
  }
  const marketingCampaign = Object.keys(campaign).length > 0 ? campaign : null;

  const status = get('status');
  const error = get('error');
  const message = get('i18Message') ?? get('msg') ?? get('message');
  const subTypeId = intOrNull(get('subTypeId'));
  const numeric = intOrNull(status);
  const feedback = (value: number, reload: boolean, extra: { code?: number | null; purchased?: boolean } = {}): PurchaseReturnAction => ({
    kind: 'feedback',
    status: value,
    reload,
    message,
    code: extra.code ?? null,
    subTypeId,
    purchased: extra.purchased ?? false,
  });

  const articlePurchase = !!get('articleId') && !!get('purchaseType');
  let action: PurchaseReturnAction = { kind: 'none' };
  if (status === null && error === null && !articlePurchase) {
    if (subTypeId !== null && !params.has('purchaseID')) action = { kind: 'resume-subscribe', subTypeId };
  } else if (error === 'NO_SUBSCRIPTION_FOUND' && numeric === 404) {
    action = { kind: 'login-subscription-error' };
  } else if (error === 'PAYMENT_CANCELLED') {
    action = { kind: 'cancelled', subTypeId };
  } else if (numeric === 402 || error === 'INSUFFICIENT_FUNDS') {
    action = feedback(FeedbackStatus.INSUFFICIENT, false);
  } else if (numeric === 409 || error === 'USER_ALREADY_SUBSCRIBED') {
    action = feedback(FeedbackStatus.DUPLICATE, true);
  } else if (numeric === 202) {
    action = feedback(FeedbackStatus.PENDING, true);
  } else if (status === 'SUCCESS') {
    action = feedback(FeedbackStatus.SUCCESS, true, { purchased: true });
  } else if ((status !== null && SUCCESS_WORDS.has(status) && !error) || (status === null && articlePurchase)) {
    action = feedback(FeedbackStatus.SUCCESS, true, { purchased: !!get('articleId') });
  } else {
    action = feedback(FeedbackStatus.ERROR, false, { code: numeric });
  }

  // The page's own `type`/`articleId` alone are not a purchase return: only consume when acted on.
  const consumed = action.kind === 'none' ? (marketingCampaign ? ['campgainId', 'clickId'].filter((n) => params.has(n)) : []) : present;
  return { action, consumed, marketingCampaign };
}

/** The query string without the consumed parameters ('' or '?…'). */
export function withoutParams(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
