/**
 * The console's home for an owner or an administrator (issue 50): while the tenant sells nothing (no plan on
 * sale with a way to pay it) a setup checklist — basics and hosts, languages, brand, currency, payment options,
 * first plan, catalog, home page — each step linking to its page and ticking itself when its page's data says it
 * is done. Once the tenant sells, the home is the dashboard (dashboard.tsx), which lists the steps still to do
 * (a plan on sale before the catalog or the home page) until they are done too.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isLanguageCode } from '@/config/languages';
import { Notice, PageHeader, Section } from '@/admin/components/fields';
import { catalogCalls } from '@/admin/features/catalog/catalog-api';
import { paymentOptionCalls } from '@/admin/features/plans/payment-options-api';
import { planCalls } from '@/admin/features/plans/plans-api';
import { formatCount } from '@/admin/features/reports/format';
import { settingsCalls } from '@/admin/features/settings/settings-api';
import { structureCalls } from '@/admin/features/structures/structures-api';
import { useConsole } from '@/admin/lib/console-context';
import type { AdminKey } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import Dashboard from './dashboard';
import { sells, setupSteps, type Step } from './setup-steps';
import { planKeys } from '@/admin/features/plans/plan-keys';
import { settingsKeys } from '@/admin/features/settings/settings-keys';
import { structureKeys } from '@/admin/features/structures/structure-keys';
import { homeKeys } from './home-keys';

function Checklist({ steps }: { steps: Step[] }) {
  const { t, lang } = useAdminI18n();
  const language = isLanguageCode(lang) ? lang : 'en';
  const done = steps.filter((s) => s.done).length;
  return (
    <div>
      <PageHeader title={t('setup.title')} intro={t('setup.intro')} />
      <p className="mb-4 font-semibold" role="status">
        {t('setup.progress', { count: steps.length, done })}
      </p>
      <ol className="flex max-w-3xl flex-col gap-3">
        {steps.map((step, index) => (
          <li key={step.key} className="flex items-start gap-4 rounded-2xl border border-border bg-surface p-4">
            <span aria-hidden="true" className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${step.done ? 'bg-primary text-primary-contrast' : 'border-2 border-border text-muted'}`}>
              {step.done ? '✓' : formatCount(index + 1, language)}
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Link to={step.to} className="font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent">
                {t(`setup.steps.${step.key}.title` as AdminKey)}
              </Link>
              <p className="text-sm text-muted">{t(`setup.steps.${step.key}.hint` as AdminKey)}</p>
            </div>
            <span className="shrink-0 text-sm">{step.done ? t('setup.done') : t('setup.todo')}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** On the dashboard of a tenant that sells: the setup steps not done yet, each opening its page. */
function StepsLeft({ steps }: { steps: Step[] }) {
  const { t } = useAdminI18n();
  const left = steps.filter((s) => !s.done);
  return (
    <Section title={t('setup.finishTitle')} className="mb-6">
      <p className="mb-3 text-sm text-muted">{t('setup.progress', { count: steps.length, done: steps.length - left.length })}</p>
      <ul className="flex flex-wrap gap-3">
        {left.map((step) => (
          <li key={step.key}>
            <Link to={step.to} className="inline-flex min-h-11 items-center rounded-full border border-border px-4 font-semibold text-primary hover:border-primary focus-visible:outline-2 focus-visible:outline-accent">
              {t(`setup.steps.${step.key}.title` as AdminKey)}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export default function SetupHome() {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const plans = useQuery({ queryKey: planKeys.list(tenant), queryFn: () => planCalls.list(api) });
  const selling = plans.data ? sells(plans.data) : null;
  const settings = useQuery({ queryKey: settingsKeys.all(tenant), queryFn: () => settingsCalls.read(api) });
  const options = useQuery({ queryKey: planKeys.paymentOptions(tenant), queryFn: () => paymentOptionCalls.list(api) });
  const articles = useQuery({ queryKey: homeKeys.setupArticles(tenant), queryFn: () => catalogCalls.list(api, { limit: 1 }) });
  const structures = useQuery({ queryKey: structureKeys.list(tenant), queryFn: () => structureCalls.list(api) });
  const steps =
    settings.data && options.data && articles.data && structures.data && plans.data
      ? setupSteps(settings.data, plans.data, options.data, articles.data.total, structures.data)
      : null;

  // Selling, the dashboard does not wait for the steps: a step's page failing to load leaves the figures be.
  if (selling) return <Dashboard>{steps?.some((s) => !s.done) ? <StepsLeft steps={steps} /> : null}</Dashboard>;
  if (plans.isError || settings.isError || options.isError || articles.isError || structures.isError) return <Notice tone="error">{t('loadFailed')}</Notice>;
  if (!steps) {
    return (
      <p role="status" className="text-muted">
        {t('loading')}
      </p>
    );
  }
  return <Checklist steps={steps} />;
}
