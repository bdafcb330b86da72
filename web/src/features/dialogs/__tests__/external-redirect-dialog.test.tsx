/** The external redirect disclaimer (issue 47 item 16): where the tenant turns it on, a link to another site asks first. */
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '@/locales/de/messages.json';
import en from '@/locales/en/messages.json';
import { SmartLink } from '@/components/ui/smart-link';
import { dialogStore, resetDialogs } from '@/lib/dialogs';
import { initI18n } from '@/lib/i18n';
import { portalStore, resetPortalStore } from '@/lib/store';
import { ExternalRedirectDialog } from '../external-redirect-dialog';

async function renderPage(lang: 'en' | 'de', messages: typeof en) {
  const i18n = await initI18n(lang, messages);
  render(
    <MemoryRouter initialEntries={[lang === 'en' ? '/' : `/${lang}`]}>
      <I18nextProvider i18n={i18n}>
        <SmartLink href="https://partner.example/offer?x=1">Partner</SmartLink>
        <ExternalRedirectDialog />
      </I18nextProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  resetDialogs();
  resetPortalStore();
  vi.restoreAllMocks();
});

describe('the external redirect disclaimer', () => {
  it('asks before another site opens, names where it leads, and opens it only on Continue', async () => {
    portalStore.getState().setConfigs({ displayName: 'Vela', externalRedirectDisclaimer: { enabled: true } });
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderPage('en', en);
    const link = screen.getByRole('link', { name: 'Partner' });
    expect(fireEvent.click(link)).toBe(false); // held back
    expect([...dialogStore.getState().open]).toEqual(['external-redirect']);
    expect(await screen.findByRole('dialog', { name: 'You are leaving Vela' })).toHaveTextContent(en.dialogs.externalRedirect.text.replace('{{site}}', 'Vela'));
    expect(screen.getByTestId('external-redirect-host')).toHaveTextContent('partner.example');
    fireEvent.click(screen.getByRole('button', { name: en.dialogs.externalRedirect.continue }));
    expect(opened).toHaveBeenCalledWith('https://partner.example/offer?x=1', '_blank', 'noopener,noreferrer');
    expect([...dialogStore.getState().open]).toEqual([]);
  });

  it('says the operator’s own words in the page’s language; Stay here opens nothing', async () => {
    portalStore.getState().setConfigs({ displayName: 'Vela', externalRedirectDisclaimer: { enabled: true, text: { de: 'Sie verlassen Vela. Angebote Dritter.' } } });
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderPage('de', de);
    fireEvent.click(screen.getByRole('link', { name: 'Partner' }));
    expect(await screen.findByText('Sie verlassen Vela. Angebote Dritter.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: de.dialogs.externalRedirect.stay }));
    expect(opened).not.toHaveBeenCalled();
  });

  it('reads the words the configurations answer already put in the page’s language', async () => {
    portalStore.getState().setConfigs({ displayName: 'Vela', externalRedirectDisclaimer: { enabled: true, text: 'Partners run their own sites.' } });
    await renderPage('en', en);
    fireEvent.click(screen.getByRole('link', { name: 'Partner' }));
    expect(await screen.findByText('Partners run their own sites.')).toBeInTheDocument();
  });

  it('lets the link open as usual where the tenant does not ask', async () => {
    portalStore.getState().setConfigs({ externalRedirectDisclaimer: { enabled: false } });
    await renderPage('en', en);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Partner' }))).toBe(true);
    expect([...dialogStore.getState().open]).toEqual([]);
  });
});
