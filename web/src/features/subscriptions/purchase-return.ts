/**
 * Purchase-return handling (commerce §2 query parameters, §4): what the parameters a checkout,
 * operator or sign-in added to the address mean, and which of them to remove once handled.
 */
import { FeedbackStatus } from './subscribe-rules';
import { PURCHASE_RETURN_PARAMS } from './return-params';

export { PURCHASE_RETURN_PARAMS };
export { withoutParams } from './return-url';

export const MARKETING_CAMPAIGN_KEY = 'marketingCampaign';

export type PurchaseReturnAction =
  /** Feedback dialog with a numeric status (steps 2, 3, 4, 6 and success). */
  /** `article`: the return names an article and no plan (the purchased popup then leads to My purchases). */
  | { kind: 'feedback'; status: number; reload: boolean; message: string | null; code: number | null; subTypeId: number | null; purchased: boolean; article: boolean }
  | { kind: 'login-subscription-error' }
  /** The user cancelled at the checkout (PAYMENT_CANCELLED): say so and stay on the page. */
  | { kind: 'cancelled'; subTypeId: number | null }
  /** A single article was bought: what follows depends on its type (commerce §4). */
  | { kind: 'article-purchased'; articleId: number; purchaseType: string; purchaseId: string | null; effect: ArticleEffect }
  /** Back from the cart's checkout (purchaseType=cart): the voucher feedback status (commerce §4). */
  | { kind: 'cart-return'; voucherStatus: number; purchaseId: string | null; error: string | null }
  /** Back from sign-in with a plan chosen: continue subscribing to it. */
  | { kind: 'resume-subscribe'; subTypeId: number }
  /** Back from sign-in after Buy, Play or Download on an article (`typeID`: what was pressed): run its purchase check again. */
  | { kind: 'resume-purchase'; articleId: number; intent: 'play' | 'download' }
  | { kind: 'none' };

export interface PurchaseReturn {
  action: PurchaseReturnAction;
  /** Parameter names to remove from the address (empty: leave the address alone). */
  consumed: string[];
  /** `{campgainId, clickId}` to keep in session storage, when present. */
  marketingCampaign: Record<string, string> | null;
}

/**
 * Commerce §4, a successful article purchase by type: music (and audiobooks) open the purchased
 * popup and download; ONLINE_GAME / CLOUD_GAME start play; GAME starts the download; CHALLENGE only
 * clears the parameters; anything else opens the purchased popup.
 */
export type ArticleEffect = 'purchased-download' | 'play' | 'download' | 'clear' | 'purchased';

const MUSIC_TYPES = new Set(['FULL_TRACK_MUSIC', 'MUSIC', 'ALBUM', 'AUDIO_BOOK', 'AUDIOBOOK', 'AUDIO_BOOK_CHAPTER']);

export function articleSuccessEffect(purchaseType: string): ArticleEffect {
  const type = purchaseType.toUpperCase();
  if (MUSIC_TYPES.has(type)) return 'purchased-download';
  if (type === 'ONLINE_GAME' || type === 'CLOUD_GAME') return 'play';
  if (type === 'GAME') return 'download';
  if (type === 'CHALLENGE') return 'clear';
  return 'purchased';
}

/**
 * A hand-off from the purchase-return hook to the side the app registers (purchases, vouchers). The page's first
 * render may read the return before the app registers (child effects run first): the action then waits for it.
 */
function handoff<A>() {
  let handler: ((action: A) => void) | null = null;
  let pending: A | null = null;
  return {
    on: (next: ((action: A) => void) | null): void => {
      handler = next;
      if (next && pending !== null) {
        const action = pending;
        pending = null;
        next(action);
      }
    },
    notify: (action: A): void => {
      if (handler) handler(action);
      else pending = action;
    },
  };
}

export type ArticlePurchasedAction = Extract<PurchaseReturnAction, { kind: 'article-purchased' }>;
/** The purchases side of an article purchase (download, play). */
const articlePurchased = handoff<ArticlePurchasedAction>();
export const onArticlePurchased = articlePurchased.on;
export const notifyArticlePurchased = articlePurchased.notify;

export type ResumePurchaseAction = Extract<PurchaseReturnAction, { kind: 'resume-purchase' }>;
/** The purchases side of a sign-in's return after Buy, Play or Download. */
const resumePurchase = handoff<ResumePurchaseAction>();
export const onResumePurchase = resumePurchase.on;
export const notifyResumePurchase = resumePurchase.notify;

/**
 * The cart's checkout returns `purchaseType=cart`: 200 paid (1 success), 202 pending (6), 402 (2
 * insufficient), 409 NOT_ENOUGH_AVAILABLE (7 not found: no longer available), anything else 0.
 */
export function cartVoucherStatus(status: number | null, error: string | null): number {
  if (status === 200 || status === 201) return 1;
  if (status === 202) return 6;
  if (status === 402 || error === 'INSUFFICIENT_FUNDS') return 2;
  if (error === 'NOT_ENOUGH_AVAILABLE') return 7;
  return 0;
}

export type CartReturnAction = Extract<PurchaseReturnAction, { kind: 'cart-return' }>;
/** The vouchers side of a cart checkout's return. */
const cartReturn = handoff<CartReturnAction>();
export const onCartReturn = cartReturn.on;
export const notifyCartReturn = cartReturn.notify;

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
    article: subTypeId === null && get('articleId') !== null,
  });

  const articlePurchase = !!get('articleId') && !!get('purchaseType');
  const articleId = intOrNull(get('articleId'));
  const pressed = get('typeID');
  let action: PurchaseReturnAction = { kind: 'none' };
  if (status === null && error === null && articleId !== null && (pressed === 'play' || pressed === 'download')) {
    // A sign-in's return, not a purchase's: nothing was bought yet (a checkout never sends typeID).
    action = { kind: 'resume-purchase', articleId, intent: pressed };
  } else if (status === null && error === null && !articlePurchase) {
    if (subTypeId !== null && !params.has('purchaseID')) action = { kind: 'resume-subscribe', subTypeId };
  } else if (error === 'NO_SUBSCRIPTION_FOUND' && numeric === 404) {
    action = { kind: 'login-subscription-error' };
  } else if (error === 'PAYMENT_CANCELLED') {
    action = { kind: 'cancelled', subTypeId };
  } else if ((get('purchaseType') ?? '').toLowerCase() === 'cart' && status !== null) {
    action = { kind: 'cart-return', voucherStatus: cartVoucherStatus(numeric, error), purchaseId: get('purchaseID'), error };
  } else if (numeric === 402 || error === 'INSUFFICIENT_FUNDS') {
    action = feedback(FeedbackStatus.INSUFFICIENT, false);
  } else if (numeric === 409 || error === 'USER_ALREADY_SUBSCRIBED') {
    action = feedback(FeedbackStatus.DUPLICATE, true);
  } else if (numeric === 202) {
    action = feedback(FeedbackStatus.PENDING, true);
  } else if (status === 'SUCCESS') {
    action = feedback(FeedbackStatus.SUCCESS, true, { purchased: true });
  } else if (((status !== null && SUCCESS_WORDS.has(status) && !error) || (status === null && articlePurchase)) && articlePurchase && articleId !== null) {
    const purchaseType = get('purchaseType') ?? '';
    action = { kind: 'article-purchased', articleId, purchaseType, purchaseId: get('purchaseID'), effect: articleSuccessEffect(purchaseType) };
  } else if ((status !== null && SUCCESS_WORDS.has(status) && !error) || (status === null && articlePurchase)) {
    action = feedback(FeedbackStatus.SUCCESS, true, { purchased: !!get('articleId') });
  } else {
    action = feedback(FeedbackStatus.ERROR, false, { code: numeric });
  }

  // The page's own `type`/`articleId` alone are not a purchase return: only consume when acted on.
  const consumed = action.kind === 'none' ? (marketingCampaign ? ['campgainId', 'clickId'].filter((n) => params.has(n)) : []) : present;
  return { action, consumed, marketingCampaign };
}
