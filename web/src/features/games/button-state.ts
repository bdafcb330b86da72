/**
 * The game details button by state (commerce §4 game play): a free online game plays for everyone
 * ("Play free"); a game to download downloads; an entitled user plays; a guest on a paid game signs in;
 * a plan that could be upgraded says so; an inactive plan says there is no active subscription; other
 * offers (buy, subscribe) lead to the purchase options. Pure: decided from the purchase options answer.
 */
import { isOnlineGame } from './online-game';
import type { GameArticle, GamePurchaseOptions } from './types';

export { isOnlineGame };

/** What the button reads of a game article: its content type and its prices' business models. */
export type PricedGame = Pick<GameArticle, 'contentType'> & { prices: readonly Pick<GameArticle['prices'][number], 'businessModel'>[] };

/** What the button reads of the purchase options answer (GET /purchase/user/purchaseOptions). */
export type GameOptions = Record<'consume', readonly Pick<GamePurchaseOptions['consume'][number], 'kind'>[]> &
  Record<'unavailable', readonly Partial<Record<keyof Pick<GamePurchaseOptions['unavailable'][number], 'articleSubscription'>, unknown>>[]> &
  Record<'purchase' | 'upgradeTo', readonly unknown[]>;

export type OptionsAnswer = { ok: true; options: GameOptions } | { ok: false; status: number; code: string | null };

export type GameButtonState =
  | 'free'
  | 'download'
  | 'play'
  | 'sign-in'
  | 'upgrade'
  | 'inactive'
  | 'buy'
  | 'unavailable'
  | 'device-not-supported'
  | 'loading';


/** Commerce §3: a price with businessModel DOWNLOAD_TO_OWN_FREEMIUM marks a free online game. */
export function isFreeGame(article: PricedGame): boolean {
  return article.contentType === 'online_game' && article.prices.some((price) => price.businessModel === 'DOWNLOAD_TO_OWN_FREEMIUM');
}

/** Whether playing spends a credit (the decision's first way): the user confirms it first, through the purchase check. */
export function spendsCredit(answer: OptionsAnswer | null): boolean {
  return answer?.ok === true && answer.options.consume[0]?.kind === 'credit';
}

/** `answer`: null while the purchase options load (signed-in users only ask). */
export function gameButtonState(article: PricedGame, signedIn: boolean, answer: OptionsAnswer | null): GameButtonState {
  if (isFreeGame(article)) return 'free';
  if (!signedIn) return 'sign-in';
  if (!answer) return 'loading';
  if (!answer.ok) {
    if (answer.status === 404 && answer.code === 'DEVICE_NOT_SUPPORTED') return 'device-not-supported';
    if (answer.status === 401) return 'sign-in';
    return 'unavailable';
  }
  const { options } = answer;
  if (options.consume.length > 0) return isOnlineGame(article.contentType) ? 'play' : 'download';
  if (options.unavailable.some((entry) => entry.articleSubscription)) return 'inactive';
  if (options.upgradeTo.length > 0) return 'upgrade';
  if (options.purchase.length > 0) return 'buy';
  return 'unavailable';
}
