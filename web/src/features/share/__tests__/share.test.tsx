/** The share dialog (commerce §2): the canonical link on the tenant's public origin, the Web Share API, and the copy-link fallback. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en/messages.json';
import { dialogStore, resetDialogs } from '@/lib/dialogs';
import { initI18n } from '@/lib/i18n';
import { ShareDialog } from '../dialogs/share-dialog';
import { copyLink, shareStore, startShare } from '../share';
import { configuredOrigin, shareUrl } from '../share-url';

const TARGET = { title: 'Midnight Drive', url: 'https://play.aurora.example/music/tracks/midnight-drive/20001' };
const open = () => [...dialogStore.getState().open];

/** jsdom has no clipboard: the test's own stands in for it. */
function setClipboard(clipboard: { writeText: (text: string) => Promise<void> } | undefined): void {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

afterEach(() => {
  resetDialogs();
  shareStore.setState({ target: null });
  setClipboard(undefined);
});

describe('shareUrl', () => {
  it('puts the canonical path on the configured public origin, never the page origin behind a proxy', () => {
    expect(shareUrl('/music/tracks/midnight-drive/20001', 'en', 'https://play.aurora.example/', 'http://10.0.0.7:8080')).toBe(TARGET.url);
    expect(shareUrl('/music/tracks/midnight-drive/20001', 'ar', 'https://play.aurora.example', 'http://10.0.0.7:8080')).toBe('https://play.aurora.example/ar/music/tracks/midnight-drive/20001');
  });
  it('uses the page origin only without a usable configured origin', () => {
    expect(shareUrl('/games/details/pixel-rally/4101', 'en', undefined, 'http://localhost:8080')).toBe('http://localhost:8080/games/details/pixel-rally/4101');
    expect(shareUrl('/games/details/pixel-rally/4101', 'de', 'javascript:alert(1)', 'http://localhost:8080')).toBe('http://localhost:8080/de/games/details/pixel-rally/4101');
    expect(configuredOrigin('')).toBeNull();
    expect(configuredOrigin('not a url')).toBeNull();
    expect(configuredOrigin('https://x.example/path?q=1')).toBe('https://x.example');
  });
  it('keeps an absolute link of an item elsewhere as it is', () => {
    expect(shareUrl('https://partner.example/app', 'en', 'https://play.aurora.example', 'http://localhost')).toBe('https://partner.example/app');
  });
});

describe('startShare', () => {
  it('uses the Web Share API where there is one, and opens no dialog', async () => {
    const share = vi.fn(() => Promise.resolve());
    expect(await startShare(TARGET, { share, canShare: () => true })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: TARGET.title, url: TARGET.url });
    expect(open()).toEqual([]);
  });
  it('ends quietly when the user cancels the share sheet', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('cancelled', 'AbortError')));
    expect(await startShare(TARGET, { share })).toBe('cancelled');
    expect(open()).toEqual([]);
  });
  it('opens the share dialog without the API, when it cannot share the data, or when the sheet fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await startShare(TARGET, {})).toBe('dialog');
    expect(open()).toEqual(['share']);
    resetDialogs();
    expect(await startShare(TARGET, { share: vi.fn(() => Promise.resolve()), canShare: () => false })).toBe('dialog');
    resetDialogs();
    expect(await startShare(TARGET, { share: vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError'))) })).toBe('dialog');
    expect(shareStore.getState().target).toEqual(TARGET);
  });
});

describe('copyLink', () => {
  it('writes the link with the Clipboard API, and says false when it is missing or refused', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    expect(await copyLink(TARGET.url, { clipboard: { writeText } as unknown as Clipboard })).toBe(true);
    expect(writeText).toHaveBeenCalledWith(TARGET.url);
    expect(await copyLink(TARGET.url, {})).toBe(false);
    expect(await copyLink(TARGET.url, { clipboard: { writeText: () => Promise.reject(new Error('denied')) } as unknown as Clipboard })).toBe(false);
  });
});

async function renderDialog() {
  const i18n = await initI18n('en', en);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ShareDialog />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('ShareDialog', () => {
  it('copies the link with the clipboard and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard({ writeText });
    await startShare(TARGET, {});
    await renderDialog();
    const field = await screen.findByLabelText('Link');
    expect(field).toHaveValue(TARGET.url);
    expect(field).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(TARGET.url));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });
  it('falls back to the selected field when the clipboard refuses', async () => {
    setClipboard({ writeText: () => Promise.reject(new Error('denied')) });
    await startShare(TARGET, {});
    await renderDialog();
    const field = await screen.findByLabelText<HTMLInputElement>('Link');
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/the link is selected/)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(TARGET.url.length);
  });
});
