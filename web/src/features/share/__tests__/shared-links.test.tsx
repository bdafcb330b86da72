/** The tenant's share ways (settings.sharedLinks): which the dialog offers and in what order, and no button for none. */
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/locales/en/messages.json';
import { resetDialogs } from '@/lib/dialogs';
import { initI18n } from '@/lib/i18n';
import { portalStore } from '@/lib/store';
import { ShareButton } from '../components/share-button';
import { ShareDialog } from '../dialogs/share-dialog';
import { shareStore, startShare } from '../share';
import { shareWayHref } from '../share-way-href';
import { SHARE_WAYS, shareWaysOf } from '../share-ways';

const TARGET = { title: 'Midnight Drive & Co', url: 'https://play.vela.example/de/music/tracks/midnight-drive/20001' };
const url = encodeURIComponent(TARGET.url);
const title = encodeURIComponent(TARGET.title);

afterEach(() => {
  cleanup();
  resetDialogs();
  shareStore.setState({ target: null });
  portalStore.setState({ configs: {} });
});

async function renderWith(sharedLinks: unknown, ui: ReactNode) {
  portalStore.setState({ configs: sharedLinks === undefined ? {} : { sharedLinks } });
  const i18n = await initI18n('en', en);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}

describe('shareWaysOf', () => {
  it('is all six without a list, else the list in its order without unknown or repeated ways', () => {
    expect(shareWaysOf(undefined)).toEqual([...SHARE_WAYS]);
    expect(shareWaysOf(['whatsapp', 'copy', 'fax', 'whatsapp'])).toEqual(['whatsapp', 'copy']);
    expect(shareWaysOf([])).toEqual([]);
  });
  it('builds each site’s share address with the link and title encoded', () => {
    expect(shareWayHref('email', TARGET)).toBe(`mailto:?subject=${title}&body=${url}`);
    expect(shareWayHref('whatsapp', TARGET)).toBe(`https://wa.me/?text=${encodeURIComponent(`${TARGET.title} ${TARGET.url}`)}`);
    expect(shareWayHref('telegram', TARGET)).toBe(`https://t.me/share/url?url=${url}&text=${title}`);
    expect(shareWayHref('facebook', TARGET)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`);
    expect(shareWayHref('x', TARGET)).toBe(`https://x.com/intent/post?url=${url}&text=${title}`);
  });
});

describe('the share dialog', () => {
  it('offers the tenant’s ways in its order, each link in a new tab', async () => {
    await startShare(TARGET, {});
    await renderWith(['email', 'copy', 'whatsapp'], <ShareDialog />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Link')).toHaveValue(TARGET.url);
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['E-mail', 'WhatsApp']);
    expect(links[0]).toHaveAttribute('href', shareWayHref('email', TARGET));
    expect(links[1]).toHaveAttribute('href', shareWayHref('whatsapp', TARGET));
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // The e-mail link comes before the link field, WhatsApp after it.
    expect(links[0]?.compareDocumentPosition(within(dialog).getByLabelText('Link'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(links[1]?.compareDocumentPosition(within(dialog).getByLabelText('Link'))).toBe(Node.DOCUMENT_POSITION_PRECEDING);
  });
  it('offers all six without a list, and no link field without copy', async () => {
    await startShare(TARGET, {});
    const { unmount } = await renderWith(undefined, <ShareDialog />);
    expect((await screen.findAllByRole('link')).map((link) => link.textContent)).toEqual(['E-mail', 'WhatsApp', 'Telegram', 'Facebook', 'X']);
    expect(screen.getByLabelText('Link')).toBeInTheDocument();
    unmount();
    await renderWith(['telegram'], <ShareDialog />);
    expect((await screen.findAllByRole('link')).map((link) => link.textContent)).toEqual(['Telegram']);
    expect(screen.queryByLabelText('Link')).toBeNull();
  });
});

describe('the Share button', () => {
  it('is there unless the tenant offers no way to share', async () => {
    const item = { title: TARGET.title, href: '/music/tracks/midnight-drive/20001' };
    const { unmount } = await renderWith(['copy'], <ShareButton item={item} />);
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    unmount();
    await renderWith([], <ShareButton item={item} />);
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
