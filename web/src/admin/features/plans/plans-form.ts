/**
 * The plan editor's form model: a subscription type (GET /backend/admin/plans/{id}) as form values —
 * its per-language texts (DISPLAY_SERVICE_*_{locale} attributes) by language, its bullet points per
 * language as lists, its credits' content types as a list, the other attribute keys as rows — and back
 * into the write body. The server validates it as an import is validated; its field names map back
 * onto the form's.
 */
import { LANGUAGES, type LanguageCode } from '@/config/languages';
import { planTitle } from '@/lib/plan-title';
import { toDecimal, toMinor } from '@/admin/lib/money';
import { listFromText, textFromList } from '@/admin/lib/text-list';
import type { AdminPlan, AdminPlanBody } from './plans-api';

/** The per-language text keys of commerce §3 (key = `${prefix}_${locale}`), in editing order; each shown by its name (plans.text). */
export const TEXT_PREFIXES = [
  'DISPLAY_SERVICE_NAME_TEXT',
  'DISPLAY_SERVICE_NAME_HTML_TEXT',
  'DISPLAY_SERVICE_TITLE_TEXT',
  'DISPLAY_SERVICE_INFO_TEXT',
  'DISPLAY_SERVICE_DESC_TEXT',
  'DISPLAY_SERVICE_DESC_TEXT_CREDIT',
  'DISPLAY_SERVICE_ABOVE_PURCHASE_OPTIONS',
  'DISPLAY_SERVICE_ABOVE_CTA',
  'DISPLAY_SERVICE_CURRENCY_TEXT',
  'ment_free_duration',
] as const;
export type TextPrefix = (typeof TEXT_PREFIXES)[number];
/** The bullet points per language (a JSON list of texts, commerce §3), edited as a list. */
export const BULLETS_PREFIX = 'DISPLAY_SERVICE_BULLETS_TEXT';

/** The other attribute keys of commerce §3, offered by their names in the attributes editor (plans.keys). */
export const KNOWN_KEYS = [
  'ment_category',
  'ment_best_value',
  'ment_sort',
  'ment_sort_category',
  'ment_default',
  'ment_note',
  'ment_redirect',
  'ment_icon',
  'ment_icon_alernativeTheme',
  'ment_background_image',
  'ment_url',
] as const;
export type KnownKey = (typeof KNOWN_KEYS)[number];
/** How a known key's value is edited: a list of texts (JSON), yes or no ("1"/"0"), a number, an address, or a text. */
export const KEY_KINDS: Record<KnownKey, 'list' | 'flag' | 'number' | 'address' | 'text'> = {
  ment_category: 'list',
  ment_best_value: 'flag',
  ment_sort: 'number',
  ment_sort_category: 'number',
  ment_default: 'flag',
  ment_note: 'text',
  ment_redirect: 'address',
  ment_icon: 'address',
  ment_icon_alernativeTheme: 'address',
  ment_background_image: 'address',
  ment_url: 'address',
};
export const isKnownKey = (key: string): key is KnownKey => (KNOWN_KEYS as readonly string[]).includes(key);

export const CYCLES = ['P1D', 'P1W', 'P1M', 'P3M', 'P6M', 'P1Y'] as const;

export interface PlanFormValues {
  name: string;
  groupId: string; // '' = none
  level: string; // index in the group's levels; '' = keep or at the end
  billingCycle: string;
  promotion: string; // decimal text in the price's currency; '' = none
  trial: string; // ISO duration P<n><D|M|Y>; '' = none
  cancelUrl: string;
  accumulate: boolean;
  paymentOptions: string[];
  /** Each credit: the content types it pays for (picked by name) and its amount per period. */
  contingents: { types: string[]; amount: string }[];
  texts: Record<LanguageCode, Record<TextPrefix, string>>;
  /** The bullet points of each language, blank ones kept while they are typed. */
  bullets: Record<LanguageCode, string[]>;
  attributes: { key: string; value: string }[];
}

const textKey = (prefix: TextPrefix, lang: LanguageCode) => `${prefix}_${lang}`;

function textKeys(): Map<string, [LanguageCode, TextPrefix]> {
  const out = new Map<string, [LanguageCode, TextPrefix]>();
  for (const { code } of LANGUAGES) for (const prefix of TEXT_PREFIXES) out.set(textKey(prefix, code), [code, prefix]);
  return out;
}

const bulletsKey = (lang: LanguageCode) => `${BULLETS_PREFIX}_${lang}`;
const bulletsLanguage = (key: string): LanguageCode | null => LANGUAGES.find(({ code }) => bulletsKey(code) === key)?.code ?? null;

export function toFormValues(plan: AdminPlan): PlanFormValues {
  const keys = textKeys();
  const texts = Object.fromEntries(LANGUAGES.map(({ code }) => [code, Object.fromEntries(TEXT_PREFIXES.map((p) => [p, '']))])) as PlanFormValues['texts'];
  const bullets = Object.fromEntries(LANGUAGES.map(({ code }) => [code, []])) as unknown as PlanFormValues['bullets'];
  const attributes: PlanFormValues['attributes'] = [];
  for (const { key, value } of plan.attributes) {
    const text = keys.get(key);
    const bulletsOf = bulletsLanguage(key);
    if (text) texts[text[0]][text[1]] = value;
    else if (bulletsOf) bullets[bulletsOf] = listFromText(value);
    else attributes.push({ key, value });
  }
  return {
    name: plan.name,
    groupId: plan.groupId ?? '',
    level: plan.level >= 0 ? String(plan.level) : '',
    billingCycle: plan.billingCycle,
    promotion: plan.promotionPrice ? toDecimal(plan.promotionPrice.amount) : '',
    trial: plan.maxTrialDuration ?? '',
    cancelUrl: plan.cancelUrl ?? '',
    accumulate: plan.accumulateContingent,
    paymentOptions: [...plan.paymentOptions],
    contingents: plan.contingents.map((c) => ({ types: [...c.contentTypes], amount: String(c.amount) })),
    texts,
    bullets,
    attributes,
  };
}

export function toPlanBody(plan: AdminPlan, values: PlanFormValues): AdminPlanBody {
  const attributes = values.attributes
    .filter((a) => a.key.trim() !== '')
    .map((a) => ({ key: a.key.trim(), value: isKnownKey(a.key.trim()) && KEY_KINDS[a.key.trim() as KnownKey] === 'list' ? textFromList(listFromText(a.value)) : a.value }));
  for (const { code } of LANGUAGES) {
    for (const prefix of TEXT_PREFIXES) {
      const value = values.texts[code][prefix];
      if (value.trim() !== '') attributes.push({ key: textKey(prefix, code), value });
    }
    const bullets = textFromList(values.bullets[code]);
    if (bullets !== '') attributes.push({ key: bulletsKey(code), value: bullets });
  }
  const promotion = values.promotion.trim() === '' ? null : toMinor(values.promotion);
  return {
    version: plan.version,
    id: plan.id,
    name: values.name.trim(),
    groupId: values.groupId === '' ? null : values.groupId,
    level: !values.level ? null : Number(values.level),
    billingCycle: values.billingCycle.trim(),
    price: plan.price,
    promotionPrice: promotion === null ? null : { amount: promotion, currency: plan.price.currency },
    maxTrialDuration: values.trial.trim() === '' ? null : values.trial.trim(),
    contingents: values.contingents.map((c) => ({ contentTypes: [...c.types], amount: Number(c.amount) })),
    accumulateContingent: values.accumulate,
    cancelUrl: values.cancelUrl.trim() === '' ? null : values.cancelUrl.trim(),
    requiredIdentityFields: plan.requiredIdentityFields,
    paymentOptions: values.paymentOptions,
    attributes,
  };
}

/** The form field a server field error belongs to (400 data.field), or null (shown in the save bar). */
export function formFieldOf(field: string, values: PlanFormValues): string | null {
  if (field === 'name' || field === 'billingCycle' || field === 'groupId' || field === 'paymentOptions' || field === 'cancelUrl') return field;
  if (field.startsWith('promotionPrice')) return 'promotion';
  if (field === 'maxTrialDuration') return 'trial';
  if (field.startsWith('contingents')) return 'contingents';
  const attribute = /^attributes\.(.+)$/.exec(field);
  if (attribute?.[1]) {
    const text = textKeys().get(attribute[1]);
    if (text) return `texts.${text[0]}.${text[1]}`;
    const bulletsOf = bulletsLanguage(attribute[1]);
    if (bulletsOf) return `bullets.${bulletsOf}`;
    const index = values.attributes.findIndex((a) => a.key.trim() === attribute[1]);
    return index >= 0 ? `attributes.${index}.value` : null;
  }
  const row = /^attributes\[(\d+)\]\.(key|value)$/.exec(field);
  if (row?.[1]) return `attributes.${row[1]}.${row[2]}`;
  return null;
}

/** Which language tab holds a form field (to show the tab of an error). */
export function languageOf(formField: string): LanguageCode | null {
  const match = /^(?:texts\.([a-z]{2})\.|bullets\.([a-z]{2})$)/.exec(formField);
  const code = match?.[1] ?? match?.[2];
  return code && LANGUAGES.some((l) => l.code === code) ? (code as LanguageCode) : null;
}

/** The plan's name in the console's language as its card names it (src/lib/plan-title.ts), else its internal name. */
export function planLabel(plan: AdminPlan, lang: string): string {
  return planTitle(plan, lang);
}
