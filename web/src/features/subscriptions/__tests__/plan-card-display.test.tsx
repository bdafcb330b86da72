/**
 * The display keys of commerce §3 on a plan card (plan.display, resolved and sanitised by the
 * server): the HTML name as elements of the allow-list only, icons per theme, background picture,
 * credit text, lines above the price and the button, note, details link, redirect instead of the
 * checkout, recommended badge, and the currency text in the price.
 */
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import en from '@/locales/en/messages.json';
import { initI18n } from '@/lib/i18n';
import { PlanCard } from '../components/plan-card';
import { richPlanName } from '../components/plan-rich-name-nodes';
import type { SubscriptionType } from '../types';
import { plan } from './fixtures';

type Display = NonNullable<SubscriptionType['display']>;

const noDisplay: Display = {
  isDefault: false,
  note: null,
  redirect: null,
  icon: null,
  iconAlternativeTheme: null,
  backgroundImage: null,
  url: null,
  nameHtml: null,
  descriptionCredit: null,
  abovePurchaseOptions: null,
  aboveCta: null,
  currencyText: null,
};

async function renderCard(display: Partial<Display>, onSubscribe = vi.fn()) {
  const i18n = await initI18n('en', en);
  const type = plan(7, { display: { ...noDisplay, ...display } }, { DISPLAY_SERVICE_NAME_TEXT_en: 'Music Basic' });
  render(
    <I18nextProvider i18n={i18n}>
      <PlanCard plan={type} onSubscribe={onSubscribe} busy={false} />
    </I18nextProvider>,
  );
  return { card: screen.getByTestId('plan-card'), onSubscribe };
}

describe('the HTML name', () => {
  it('keeps only the allowed inline tags, as elements, and the text of everything else', () => {
    const host = document.createElement('div');
    const { container } = render(<>{richPlanName('Music <b>Plus</b><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:x">link</a><br>')}</>, { container: host });
    expect(container.innerHTML).toBe('Music <b>Plus</b>link<br>');
    expect(container.querySelector('img, script, a')).toBeNull();
  });

  it('is the card title, named by its plain text', async () => {
    const { card } = await renderCard({ nameHtml: 'Music <strong>Basic</strong>' });
    const title = within(card).getByTestId('plan-title');
    expect(title.querySelector('strong')?.textContent).toBe('Basic');
    expect(title).toHaveAttribute('aria-label', 'Music Basic');
  });
});

describe('the display keys on the card', () => {
  it('shows the texts where they belong', async () => {
    const { card } = await renderCard({ descriptionCredit: '10 tracks a month', abovePurchaseOptions: 'Introductory offer', aboveCta: 'No commitment', note: 'Cancel any time' });
    expect(within(card).getByTestId('plan-credit')).toHaveTextContent('10 tracks a month');
    expect(within(card).getByTestId('plan-above-options')).toHaveTextContent('Introductory offer');
    expect(within(card).getByTestId('plan-above-cta')).toHaveTextContent('No commitment');
    expect(within(card).getByTestId('plan-note')).toHaveTextContent('Cancel any time');
    // Above the price, and the line above the button right before the button.
    const order = [...card.querySelectorAll('[data-testid]')].map((el) => el.getAttribute('data-testid'));
    expect(order.indexOf('plan-above-options')).toBeLessThan(order.indexOf('plan-price'));
    expect(order.indexOf('plan-above-cta')).toBeGreaterThan(order.indexOf('plan-price'));
  });

  it('shows the icon of each theme and the background picture, hidden from assistive technology', async () => {
    const { card } = await renderCard({ icon: '/media/icons/light.svg', iconAlternativeTheme: '/media/icons/dark.svg', backgroundImage: 'https://cdn.example/bg.webp' });
    expect(within(card).getByTestId('plan-icon')).toHaveAttribute('src', '/media/icons/light.svg');
    expect(within(card).getByTestId('plan-icon')).toHaveClass('dark:hidden');
    expect(within(card).getByTestId('plan-icon-dark')).toHaveAttribute('src', '/media/icons/dark.svg');
    expect(within(card).getByTestId('plan-icon-dark')).toHaveClass('hidden', 'dark:block');
    expect(within(card).getByTestId('plan-background')).toHaveAttribute('src', 'https://cdn.example/bg.webp');
    expect(within(card).getByTestId('plan-background').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('links to the details and, with a redirect, sends the call to action there instead of the checkout', async () => {
    const { card, onSubscribe } = await renderCard({ url: '/info/music', redirect: 'https://partner.example/music' });
    expect(within(card).getByTestId('plan-url')).toHaveAttribute('href', '/info/music');
    const action = within(card).getByRole('link', { name: 'Subscribe: Music Basic' });
    expect(action).toHaveAttribute('href', 'https://partner.example/music');
    expect(within(card).queryByRole('button', { name: /Subscribe/ })).toBeNull();
    expect(onSubscribe).not.toHaveBeenCalled();
  });

  it('marks the default plan as recommended', async () => {
    const { card } = await renderCard({ isDefault: true });
    expect(card).toHaveAttribute('data-default', 'true');
    expect(card).toHaveTextContent('Recommended');
  });

  it("writes the price with the tenant's currency text", async () => {
    const { card } = await renderCard({ currencyText: 'euro' });
    expect(within(card).getByTestId('plan-price')).toHaveTextContent(/4\.99\s+euro/);
  });

  it('without display keys the card is as before', async () => {
    const { card } = await renderCard({});
    for (const id of ['plan-icon', 'plan-background', 'plan-note', 'plan-url', 'plan-credit', 'plan-above-cta']) expect(within(card).queryByTestId(id)).toBeNull();
    expect(within(card).getByRole('button', { name: 'Subscribe: Music Basic' })).toBeInTheDocument();
  });
});
