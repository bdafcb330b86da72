/**
 * What a notification says: its kind picks the translated title and text (notifications.kind.*),
 * its params fill them in. A kind this client does not know yet reads as a plain "new notification".
 */
import type { LanguageCode } from '@/config/languages';
import { formatDigits, isolated } from '@/lib/formatters';
import type { Notification } from './types';

export const KNOWN_KINDS = [
  'TEAM_JOIN_REQUEST',
  'TEAM_REQUEST_ACCEPTED',
  'TEAM_REQUEST_DECLINED',
  'PURCHASE_PAID',
  'VOUCHER_ORDER_PAID',
  'SUBSCRIPTION_RENEWED',
  'SUBSCRIPTION_RENEWAL_FAILED',
  'CHALLENGE_REWARD',
  'PAYMENT_RETURNED',
] as const;

export type KnownKind = (typeof KNOWN_KINDS)[number];

export function kindKey(kind: string): KnownKind | 'OTHER' {
  return (KNOWN_KINDS as readonly string[]).includes(kind) ? (kind as KnownKind) : 'OTHER';
}

type KindKey = KnownKind | 'OTHER';

/** The params the kinds' texts use (anything else a note carries is not shown). */
export const TEXT_PARAMS = ['teamName', 'userName', 'title', 'plan', 'amount', 'step'] as const;
/** `count` is a numeric `amount` as a number, for the message's plural form. */
export type TextValues = Partial<Record<(typeof TEXT_PARAMS)[number], string>> & { count?: number };

/** Params that are whole numbers, written in the language's digits (Arabic-Indic in Arabic). */
const NUMBER_PARAMS = new Set<string>(['amount', 'step']);

/** The translation keys and values of a notification's title and text. */
export function notificationText(n: Pick<Notification, 'kind' | 'params'>, lang: LanguageCode = 'en'): {
  titleKey: `notifications.kind.${KindKey}.title`;
  textKey: `notifications.kind.${KindKey}.text`;
  values: TextValues;
} {
  const key = kindKey(n.kind);
  const values: TextValues = {};
  for (const name of TEXT_PARAMS) {
    const value = n.params[name];
    if (typeof value !== 'string') continue;
    // A name (a team's, a user's, a title) is inserted as a bidi isolate: a Latin "Sam's Squad" keeps its order
    // inside an Arabic sentence instead of taking the sentence's full stop with it (issue 72 item 16).
    values[name] = NUMBER_PARAMS.has(name) && /^\d{1,15}$/.test(value) ? formatDigits(Number(value), lang) : isolated(value);
    if (name === 'amount' && /^\d{1,15}$/.test(value)) values.count = Number(value);
  }
  return { titleKey: `notifications.kind.${key}.title`, textKey: `notifications.kind.${key}.text`, values };
}

/** Only portal paths are followed: a target that is not one opens nothing but the list. */
export function safeTarget(target: string): string | null {
  return target.startsWith('/') && !target.startsWith('//') ? target : null;
}
