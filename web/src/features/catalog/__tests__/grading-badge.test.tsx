/** The grading labels of commerce §5 on cards: 6+, 12+, 16+, 18+ for rated items, none for all ages; Arabic keeps them left-to-right. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar/messages.json';
import en from '@/locales/en/messages.json';
import { initI18n } from '@/lib/i18n';
import { GradingBadge } from '../components/grading-badge';

async function withI18n(lang: 'en' | 'ar', ui: React.ReactNode) {
  const i18n = await initI18n(lang, lang === 'en' ? en : ar);
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('grading badge (commerce §5)', () => {
  it('labels 10, 20, 30, 40 and anything else as 6+, 12+, 16+, 18+; all-ages items carry none', async () => {
    const { container } = await withI18n(
      'en',
      <>
        {[0, 10, 20, 30, 40, 60].map((rating) => (
          <GradingBadge key={rating} rating={rating} />
        ))}
      </>,
    );
    const badges = [...container.querySelectorAll('[data-testid="card-grading"]')];
    expect(badges.map((b) => b.textContent)).toEqual(['6+', '12+', '16+', '18+', '18+']);
    expect(badges.map((b) => b.getAttribute('data-grading'))).toEqual(['sixPlus', 'twelvePlus', 'sixteenPlus', 'eighteenPlus', 'eighteenPlus']);
  });
  it('keeps an Arabic age label left-to-right', async () => {
    await withI18n('ar', <GradingBadge rating={40} />);
    const badge = screen.getByTestId('card-grading');
    expect(badge.textContent).toBe('١٨+');
    expect(badge.getAttribute('dir')).toBe('ltr');
  });
});

