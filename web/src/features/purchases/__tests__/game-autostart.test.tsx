/**
 * A bought online game starts by itself after the thank-you (commerce §4 purchase return: ONLINE_GAME starts play;
 * issue 72 item 14): back from the checkout the thank-you names the game and counts down, then the game starts; Play
 * now starts it at once, and Later stops the countdown.
 */
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '@/locales/ar/messages.json';
import en from '@/locales/en/messages.json';
import { dialogStore } from '@/lib/dialogs';
import { initI18n } from '@/lib/i18n';
import { PurchaseResultDialog } from '../dialogs/result-dialogs';
import { GAME_AUTOSTART_SECONDS, afterPurchase, configurePurchaseFlow } from '../flow';
import { purchaseStore, resetPurchaseFlow } from '../store';

const game = { id: 4101, title: 'Laser Bounce', contentType: 'online_game' };
const host = {
  queryClient: null,
  login: vi.fn(),
  inactiveSubscription: vi.fn(),
  subscribe: vi.fn(),
  returnUrl: () => 'http://localhost/games/details/laser-bounce/4101',
  lang: () => 'en',
  playAudio: vi.fn(() => Promise.resolve()),
  watchVideo: vi.fn(),
  playGame: vi.fn(),
  articleTitle: vi.fn(() => Promise.resolve('Laser Bounce')),
  usedCredits: vi.fn(() => Promise.resolve(null)),
};
/** Lets the countdown run, a second at a time (each second re-renders the dialog). */
async function seconds(count: number) {
  for (let i = 0; i < count; i += 1) await act(() => vi.advanceTimersByTimeAsync(1000));
}
const open = () => [...dialogStore.getState().open];

async function thankYou(lang: 'en' | 'ar' = 'en') {
  const i18n = await initI18n(lang, lang === 'en' ? en : ar);
  purchaseStore.setState({ article: game });
  await afterPurchase(game.id, 'ONLINE_GAME', 'play');
  render(
    <I18nextProvider i18n={i18n}>
      <PurchaseResultDialog />
    </I18nextProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  resetPurchaseFlow();
  configurePurchaseFlow(host);
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('a bought online game', () => {
  it('starts by itself when the thank-you has counted down', async () => {
    await thankYou();
    expect(await screen.findByRole('dialog', { name: 'Thank you for your purchase' })).toBeInTheDocument();
    expect(screen.getByText('“Laser Bounce” is yours. Find it any time in My purchases.')).toBeInTheDocument();
    expect(screen.getByTestId('game-autostart')).toHaveTextContent(`Your game starts in ${String(GAME_AUTOSTART_SECONDS)} seconds.`);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('game-autostart')).toHaveTextContent(`Your game starts in ${String(GAME_AUTOSTART_SECONDS - 1)} seconds.`);
    expect(host.playGame).not.toHaveBeenCalled();
    await seconds(GAME_AUTOSTART_SECONDS);
    expect(host.playGame).toHaveBeenCalledTimes(1);
    expect(host.playGame).toHaveBeenCalledWith(game, { consume: false });
    expect(open()).toEqual([]);
  });

  it('Later stops the countdown: the game does not start', async () => {
    await thankYou();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    act(() => screen.getByRole('button', { name: 'Later' }).click());
    await seconds(GAME_AUTOSTART_SECONDS * 2);
    expect(host.playGame).not.toHaveBeenCalled();
    expect(open()).toEqual([]);
  });

  it('Play now starts it at once, and only once', async () => {
    await thankYou();
    act(() => screen.getByRole('button', { name: 'Play now' }).click());
    await seconds(GAME_AUTOSTART_SECONDS * 2);
    expect(host.playGame).toHaveBeenCalledTimes(1);
  });

  it('counts down in Arabic with the plural forms', async () => {
    await thankYou('ar');
    expect(await screen.findByTestId('game-autostart')).toHaveTextContent('تبدأ لعبتك خلال ٥ ثوانٍ.');
  });
});
