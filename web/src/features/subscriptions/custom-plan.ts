/**
 * The tenant's card after the plans for what no plan offers (settings.customPlan, docs/tenants.md "The other named
 * settings"): shown when it is enabled and has a title.
 */
import type { GlobalSettings } from '@/lib/portal-types';
import { localText } from '@/lib/local-text';

export interface CustomPlan {
  title: string;
  text: string;
  href: string;
  /** '' for the storefront's own words. */
  button: string;
}

export function customPlanOf(configs: GlobalSettings, lang: string): CustomPlan | null {
  const value = configs.customPlan;
  if (typeof value !== 'object' || value === null) return null;
  const plan = value as { enabled?: unknown; title?: unknown; text?: unknown; href?: unknown; button?: unknown };
  const title = localText(plan.title, lang, configs.defaultLocale);
  if (plan.enabled !== true || title === '') return null;
  return {
    title,
    text: localText(plan.text, lang, configs.defaultLocale),
    href: typeof plan.href === 'string' ? plan.href.trim() : '',
    button: localText(plan.button, lang, configs.defaultLocale),
  };
}
