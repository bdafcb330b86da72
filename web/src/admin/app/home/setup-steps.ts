/**
 * The setup checklist's steps (issue 50) and whether each is done, read from the pages' own data: basics and
 * hosts, languages, brand, currency, payment options, a plan on sale, the catalog, the home page.
 */
import type { PaymentOptions } from '@/admin/features/plans/payment-options-api';
import type { AdminPlans } from '@/admin/features/plans/plans-api';
import type { Settings } from '@/admin/features/settings/settings-api';
import type { StructureSummary } from '@/admin/features/structures/structures-api';

export type StepKey = 'basics' | 'languages' | 'brand' | 'currency' | 'payment' | 'plan' | 'catalog' | 'home';

export interface Step {
  key: StepKey;
  done: boolean;
  to: string;
}

/** A tenant sells once a plan is on sale with a way to pay it. */
export function sells(plans: AdminPlans): boolean {
  return plans.plans.some((plan) => plan.state === 'ACTIVE' && plan.paymentOptions.length > 0);
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The steps and whether each is done, from the pages' own data. */
export function setupSteps(settings: Settings, plans: AdminPlans, options: PaymentOptions, articles: number, structures: StructureSummary[]): Step[] {
  const global: Record<string, unknown> = settings.settings;
  const images = (typeof global.images === 'object' && global.images !== null ? global.images : {}) as Record<string, unknown>;
  const home = structures.find((s) => s.name === 'home');
  return [
    { key: 'basics', done: text(settings.displayName) !== '' && settings.displayName !== settings.name && settings.hosts.length > 0, to: '/settings' },
    { key: 'languages', done: settings.languages.length > 0, to: '/settings' },
    { key: 'brand', done: text(images.logo) !== '', to: '/settings' },
    { key: 'currency', done: text(global.currency) !== '', to: '/settings' },
    { key: 'payment', done: options.options.length > 0, to: '/plans' },
    { key: 'plan', done: sells(plans), to: '/plans' },
    { key: 'catalog', done: articles > 0, to: '/catalog' },
    // The template's home (`portal tenant create`) is published by "template"; an editor's publish makes it the tenant's own.
    { key: 'home', done: home?.publishedVersion != null && home.publishedBy !== 'template', to: '/structures' },
  ];
}
