/**
 * The purchase check for consuming (commerce §4), as a pure decision: given who asks and what the
 * purchase options call answered, what happens next. Consume present → go on (a credit asks first,
 * since it is spent); unavailable with an article subscription → the inactive-subscription dialog;
 * otherwise the upgrade, downgrade or purchase options. Guests may only take what is free; anything
 * else asks them to sign in. A 404 (DEVICE_NOT_SUPPORTED, or a plain Not Found without a code, spec 2
 * §8) is the device-not-supported dialog; only ARTICLE_NOT_FOUND says the article itself is gone.
 */
import type { ArticleSubscription, ConsumeEntry, PlanChange, PurchaseOption, PurchaseOptions } from './types';

export type OptionsAnswer = { ok: true; options: PurchaseOptions } | { ok: false; status: number; code: string | null };

export type ConsumeDecision =
  | { kind: 'consume'; entry: ConsumeEntry }
  | { kind: 'confirm-credit'; entry: ConsumeEntry }
  | { kind: 'login' }
  | { kind: 'inactive'; subscription: ArticleSubscription }
  | { kind: 'options'; purchase: PurchaseOption[]; upgradeTo: PlanChange[]; downgradeTo: PlanChange[] }
  | { kind: 'device-not-supported' }
  | { kind: 'not-available' }
  | { kind: 'error'; status: number; code: string | null };

/** Cheapest way first: what costs nothing beats what spends a credit. */
const CONSUME_ORDER: Record<ConsumeEntry['kind'], number> = { free: 0, wallet: 1, subscription: 2, credit: 3 };

export function preferredConsume(entries: readonly ConsumeEntry[]): ConsumeEntry | null {
  return [...entries].sort((a, b) => CONSUME_ORDER[a.kind] - CONSUME_ORDER[b.kind])[0] ?? null;
}

/** Purchase options in their `sort` order (ties keep the server's order). */
export function sortedPurchaseOptions(options: readonly PurchaseOption[]): PurchaseOption[] {
  return options.map((option, index) => ({ option, index })).sort((a, b) => a.option.sort - b.option.sort || a.index - b.index).map(({ option }) => option);
}

export function decideConsume(signedIn: boolean, answer: OptionsAnswer): ConsumeDecision {
  if (!answer.ok) {
    if (answer.status === 404 && answer.code !== 'ARTICLE_NOT_FOUND') return { kind: 'device-not-supported' };
    if (answer.status === 401) return { kind: 'login' };
    return { kind: 'error', status: answer.status, code: answer.code };
  }
  const { options } = answer;
  const entry = preferredConsume(options.consume);
  if (!signedIn) return entry?.kind === 'free' ? { kind: 'consume', entry } : { kind: 'login' };
  if (entry) return entry.kind === 'credit' ? { kind: 'confirm-credit', entry } : { kind: 'consume', entry };
  // The server names the subscription of every entry; one that names none is passed over all the same.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
  const inactive = options.unavailable.find((item) => item.articleSubscription)?.articleSubscription;
  if (inactive) return { kind: 'inactive', subscription: inactive };
  if (options.purchase.length + options.upgradeTo.length + options.downgradeTo.length === 0) return { kind: 'not-available' };
  return { kind: 'options', purchase: sortedPurchaseOptions(options.purchase), upgradeTo: options.upgradeTo, downgradeTo: options.downgradeTo };
}
