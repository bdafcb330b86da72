/**
 * The plan editor's form model: a subscription type (GET /backend/admin/plans/{id}) as form values —
 * its per-language texts (DISPLAY_SERVICE_*_{locale} attributes) by language, the other attribute keys
 * as rows — and back into the write body. The server validates it as an import is validated; its
 * field names map back onto the form's.
 */
import { LANGUAGES, type LanguageCode } from '@/config/languages';
import { toDecimal, toMinor } from '@/admin/lib/money';
import type { AdminPlan, AdminPlanBody } from './plans-api';

/** The per-language attribute keys of commerce §3 (key = `${prefix}_${locale}`), in editing order. */
export const TEXT_PREFIXES = [
  'DISPLAY_SERVICE_NAME_TEXT',
  'DISPLAY_SERVICE_NAME_HTML_TEXT',
  'DISPLAY_SERVICE_TITLE_TEXT',
  'DISPLAY_SERVICE_INFO_TEXT',
  'DISPLAY_SERVICE_DESC_TEXT',
  'DISPLAY_SERVICE_DESC_TEXT_CREDIT',
  'DISPLAY_SERVICE_BULLETS_TEXT',
  'DISPLAY_SERVICE_ABOVE_PURCHASE_OPTIONS',
  'DISPLAY_SERVICE_ABOVE_CTA',
  'DISPLAY_SERVICE_CURRENCY_TEXT',
  'ment_free_duration',
] as const;
export type TextPrefix = (typeof TEXT_PREFIXES)[number];

/** The other attribute keys of commerce §3, offered in the attributes editor. */
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
  contingents: { types: string; amount: string }[];
  texts: Record<LanguageCode, Record<TextPrefix, string>>;
  attributes: { key: string; value: string }[];
}

const textKey = (prefix: TextPrefix, lang: LanguageCode) => `${prefix}_${lang}`;

function textKeys(): Map<string, [LanguageCode, TextPrefix]> {
  const out = new Map<string, [LanguageCode, TextPrefix]>();
  for (const { code } of LANGUAGES) for (const prefix of TEXT_PREFIXES) out.set(textKey(prefix, code), [code, prefix]);
  return out;
}

export function toFormValues(plan: AdminPlan): PlanFormValues {
  const keys = textKeys();
  const texts = Object.fromEntries(LANGUAGES.map(({ code }) => [code, Object.fromEntries(TEXT_PREFIXES.map((p) => [p, '']))])) as PlanFormValues['texts'];
  const attributes: PlanFormValues['attributes'] = [];
  for (const { key, value } of plan.attributes) {
    const text = keys.get(key);
    if (text) texts[text[0]][text[1]] = value;
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
    contingents: plan.contingents.map((c) => ({ types: c.contentTypes.join(', '), amount: String(c.amount) })),
    texts,
    attributes,
  };
}

export function toPlanBody(plan: AdminPlan, values: PlanFormValues): AdminPlanBody {
  const attributes = values.attributes.filter((a) => a.key.trim() !== '').map((a) => ({ key: a.key.trim(), value: a.value }));
  for (const { code } of LANGUAGES)
    for (const prefix of TEXT_PREFIXES) {
      const value = values.texts[code][prefix];
      if (value.trim() !== '') attributes.push({ key: textKey(prefix, code), value });
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
    contingents: values.contingents.map((c) => ({
      contentTypes: c.types.split(',').map((s) => s.trim()).filter(Boolean),
      amount: Number(c.amount),
    })),
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
    const index = values.attributes.findIndex((a) => a.key.trim() === attribute[1]);
    return index >= 0 ? `attributes.${index}.value` : null;
  }
  const row = /^attributes\[(\d+)\]\.(key|value)$/.exec(field);
  if (row?.[1]) return `attributes.${row[1]}.${row[2]}`;
  return null;
}

/** Which language tab holds a form field (to show the tab of an error). */
export function languageOf(formField: string): LanguageCode | null {
  const match = /^texts\.([a-z]{2})\./.exec(formField);
  const code = match?.[1];
  return code && LANGUAGES.some((l) => l.code === code) ? (code as LanguageCode) : null;
}

/** The plan's name in the console's language (its DISPLAY_SERVICE_NAME_TEXT), else its own name. */
export function planLabel(plan: AdminPlan, lang: string): string {
  const own = plan.attributes.find((a) => a.key === `DISPLAY_SERVICE_NAME_TEXT_${lang}`)?.value;
  return own && own.trim() !== '' ? own : plan.name;
}
