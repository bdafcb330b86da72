/** The tenant's card after the plans (settings.customPlan): its words, its button and where that leads. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import de from '@/locales/de/messages.json';
import en from '@/locales/en/messages.json';
import { dialogStore, resetDialogs } from '@/lib/dialogs';
import { initI18n } from '@/lib/i18n';
import { portalStore } from '@/lib/store';
import { CustomPlanCard } from '../components/custom-plan-card';
import { customPlanOf } from '../custom-plan';

const PLAN = {
  enabled: true,
  title: { en: 'Families and businesses', de: 'Familien und Unternehmen' },
  text: { en: 'We put one together for you.', de: 'Wir stellen eines für Sie zusammen.' },
  href: '/impressum',
};

afterEach(() => {
  cleanup();
  resetDialogs();
  portalStore.setState({ configs: {} });
});

async function renderCard(customPlan: unknown, lang: 'en' | 'de', path: string) {
  portalStore.setState({ configs: { customPlan, externalRedirectDisclaimer: { enabled: true } } });
  const i18n = await initI18n(lang, lang === 'de' ? de : en);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <CustomPlanCard />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('customPlanOf', () => {
  it('is there when enabled with a title', () => {
    expect(customPlanOf({ customPlan: PLAN }, 'de')).toEqual({ title: 'Familien und Unternehmen', text: 'Wir stellen eines für Sie zusammen.', href: '/impressum', button: '' });
    expect(customPlanOf({ customPlan: { ...PLAN, enabled: false } }, 'en')).toBeNull();
    expect(customPlanOf({ customPlan: { ...PLAN, title: { de: '' } } }, 'en')).toBeNull();
    expect(customPlanOf({}, 'en')).toBeNull();
  });
});

describe('the custom plan card', () => {
  it('opens a storefront path in the page’s language, with the default button words', async () => {
    await renderCard(PLAN, 'de', '/de/subscription');
    expect(screen.getByRole('heading', { name: 'Familien und Unternehmen' })).toBeInTheDocument();
    expect(screen.getByText('Wir stellen eines für Sie zusammen.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kontaktieren Sie uns' })).toHaveAttribute('href', '/de/impressum');
  });
  it('opens another site only after the disclaimer, with the tenant’s button words', async () => {
    await renderCard({ ...PLAN, href: 'https://partner.example/teams', button: { en: 'Talk to us' } }, 'en', '/subscription');
    const link = screen.getByRole('link', { name: 'Talk to us' });
    expect(link).toHaveAttribute('href', 'https://partner.example/teams');
    expect(link).toHaveAttribute('target', '_blank');
    await userEvent.click(link);
    expect([...dialogStore.getState().open]).toEqual(['external-redirect']);
  });
  it('is not there without a title', async () => {
    const { container } = await renderCard({ ...PLAN, title: '' }, 'en', '/subscription');
    expect(container).toBeEmptyDOMElement();
  });
});
