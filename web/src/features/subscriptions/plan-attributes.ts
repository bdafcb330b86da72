/**
 * Reading a subscription type's attributes (commerce §3): categories, sort (plan-order.ts), best value
 * and the DISPLAY_SERVICE_* texts in the user's language with fallbacks (language → English → plain).
 */
import type { LanguageCode } from '@/config/languages';
import { planTitle as sharedPlanTitle } from '@/lib/plan-title';
import { attribute, sortPlans } from './plan-order';
import type { SubscriptionType } from './types';

export { attribute, DEFAULT_SORT, planSort, sortPlans } from './plan-order';

export const DEFAULT_SORT_CATEGORY = 30;

const nonEmpty = (value: string | null): string | null => (value === '' ? null : value);

function parseJsonList(value: string | null, what: string): string[] | null {
  if (value === null || value === '') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
  } catch {
    // fall through
  }
  // Commerce §5: categories must be valid JSON arrays, otherwise an error is logged and nothing returned.
  console.error(`Invalid ${what}: ${value}`);
  return null;
}

/** `ment_category` as a list; `unkown{id}` (sic, commerce §3) when absent or invalid. */
export function planCategories(type: Pick<SubscriptionType, 'id' | 'attributes'>): string[] {
  const list = parseJsonList(attribute(type, 'ment_category'), 'ment_category');
  return list && list.length > 0 ? list : [`unkown${type.id}`];
}

export function isBestValue(type: Pick<SubscriptionType, 'attributes'>): boolean {
  return attribute(type, 'ment_best_value') === '1';
}

/** A localised attribute `${prefix}_${lang}`, else English, else null. */
export function localizedAttribute(type: Pick<SubscriptionType, 'attributes'>, prefix: string, lang: LanguageCode): string | null {
  return nonEmpty(attribute(type, `${prefix}_${lang}`)) ?? nonEmpty(attribute(type, `${prefix}_en`));
}

/** The plan card's name (src/lib/plan-title.ts: the one rule the console shares). */
export function planTitle(type: Pick<SubscriptionType, 'attributes' | 'name'>, lang: LanguageCode): string {
  return sharedPlanTitle(type, lang);
}

export function planDescription(type: Pick<SubscriptionType, 'attributes'>, lang: LanguageCode): string | null {
  return localizedAttribute(type, 'DISPLAY_SERVICE_DESC_TEXT', lang) ?? localizedAttribute(type, 'DISPLAY_SERVICE_INFO_TEXT', lang);
}

export function planBullets(type: Pick<SubscriptionType, 'attributes'>, lang: LanguageCode): string[] {
  const own = attribute(type, `DISPLAY_SERVICE_BULLETS_TEXT_${lang}`);
  const list = parseJsonList(nonEmpty(own) ?? attribute(type, 'DISPLAY_SERVICE_BULLETS_TEXT_en'), 'DISPLAY_SERVICE_BULLETS_TEXT');
  return list ?? [];
}

export type TrialUnit = 'day' | 'month' | 'year';

/** Commerce §5: the second and third characters of the duration give number and unit (D, M, Y). */
export function parseTrialDuration(duration: string | null | undefined): { count: number; unit: TrialUnit } | null {
  if (!duration) return null;
  const match = /^P(\d+)([DMY])$/i.exec(duration.trim());
  if (!match) return null;
  const count = Number(match[1]);
  const unit = ({ D: 'day', M: 'month', Y: 'year' } as const)[(match[2] ?? 'D').toUpperCase() as 'D' | 'M' | 'Y'];
  return count > 0 ? { count, unit } : null;
}

/** Types grouped by their first category, groups in order of their best ment_sort_category, then first plan. */
export function groupByCategory<T extends Pick<SubscriptionType, 'id' | 'attributes'>>(types: readonly T[]): { category: string; plans: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const type of sortPlans(types)) {
    const category = planCategories(type)[0] ?? `unkown${type.id}`;
    const list = groups.get(category) ?? [];
    list.push(type);
    groups.set(category, list);
  }
  const categorySort = (plans: T[]) => Math.min(...plans.map((plan) => Number(attribute(plan, 'ment_sort_category') ?? DEFAULT_SORT_CATEGORY) || DEFAULT_SORT_CATEGORY));
  return [...groups.entries()]
    .map(([category, plans]) => ({ category, plans }))
    .sort((a, b) => categorySort(a.plans) - categorySort(b.plans));
}
