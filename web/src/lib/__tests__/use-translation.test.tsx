/** The app's useTranslation (issue 14): one shared t per language, a language change re-renders, the provider's instance wins. */
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar/messages.json';
import en from '@/locales/en/messages.json';
import { initI18n } from '@/lib/i18n';
import { useTranslation, type Translation } from '@/lib/use-translation';

const seen: Translation[] = [];

function Title({ id }: { id: string }) {
  const translation = useTranslation();
  seen.push(translation);
  return <p data-testid={id}>{translation.t('player.close')}</p>;
}

describe('useTranslation', () => {
  it('gives every component the same t and i18n, and a new t after a language change', async () => {
    seen.length = 0;
    const i18n = await initI18n('en', en);
    i18n.addResourceBundle('ar', 'translation', ar);
    render(
      <I18nextProvider i18n={i18n}>
        <Title id="a" />
        <Title id="b" />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('a').textContent).toBe(en.player.close);
    expect(screen.getByTestId('b').textContent).toBe(en.player.close);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]?.i18n).toBe(i18n);

    const before = seen[0];
    await act(() => i18n.changeLanguage('ar'));
    expect(screen.getByTestId('a').textContent).toBe(ar.player.close);
    expect(screen.getByTestId('b').textContent).toBe(ar.player.close);
    const after = seen[seen.length - 1];
    expect(after?.t).not.toBe(before?.t);
    expect(after?.i18n.language).toBe('ar');
  });

  it('takes the instance of the nearest provider', async () => {
    const english = await initI18n('en', en);
    const arabic = await initI18n('ar', ar);
    render(
      <>
        <I18nextProvider i18n={english}>
          <Title id="en" />
        </I18nextProvider>
        <I18nextProvider i18n={arabic}>
          <Title id="ar" />
        </I18nextProvider>
      </>,
    );
    expect(screen.getByTestId('en').textContent).toBe(en.player.close);
    expect(screen.getByTestId('ar').textContent).toBe(ar.player.close);
  });
});
