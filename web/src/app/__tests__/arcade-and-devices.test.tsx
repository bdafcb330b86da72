/**
 * Issue 72 items 14 and 16: the arcade page (/arcade/details/…) stays the arcade page and starts its game through
 * POST /game/arcade-competition (commerce §7), showing the competition it entered; the game details page still plays
 * through /game/play-free. A game to download that does not run on this device says so without a play icon and names
 * the systems it runs on.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPagePayloads } from '@/lib/page-payload';
import { GAME, fixtureArticle } from '@/testing/catalog-fixtures';
import { jsonResponse, renderApp, testToken, type FetchHandler } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const PLAYED = { uri: '/media/generated/games/pixel-rally/index.html', session: 'session-1', expires: 0, sessionExpiresAt: '2026-11-29T12:00:00Z', useGameFrame: true };
const FARM_VALLEY = {
  ...fixtureArticle({ id: 4503, title: 'Farm Valley', contentType: 'game', href: '/games/details/farm-valley/4503', prices: [{ amount: 499, currency: 'EUR', businessModel: 'PAY_PER_DOWNLOAD' }] }),
  customProperties: { platforms: ['Windows', 'macOS'] },
  related: [],
};

function backend(asked: { path: string; body: unknown }[]): FetchHandler {
  return (url, init) => {
    if (url.pathname.endsWith('/catalog/articles/4101')) return jsonResponse({ data: GAME });
    if (url.pathname.endsWith('/catalog/articles/4503')) return jsonResponse({ data: FARM_VALLEY });
    if (/\/game\/(play-free|play|arcade-competition)$/.test(url.pathname)) {
      asked.push({ path: url.pathname.replace(/^.*\/game\//, ''), body: JSON.parse(init?.body as string) as unknown });
      if (url.pathname.endsWith('/arcade-competition'))
        return jsonResponse({ data: { ...PLAYED, competition: { contentId: 4101, title: 'Pixel Rally', leaderboard: '/backend/game/leaderboard/4101', players: 3, me: null } } });
      return jsonResponse({ data: PLAYED });
    }
    if (/\/game\/leaderboard\/\d+$/.test(url.pathname)) return jsonResponse({ data: { entries: [], me: null } });
    if (url.pathname.endsWith('/purchase/user/purchaseOptions'))
      return jsonResponse({ status: 404, error: 'DEVICE_NOT_SUPPORTED', message: 'The article does not run on this device', data: null }, 404);
    return undefined;
  };
}

afterEach(() => clearPagePayloads());

describe('the arcade page', () => {
  it('keeps its address and enters the competition through /game/arcade-competition', async () => {
    const asked: { path: string; body: unknown }[] = [];
    const { user, router } = await renderApp({ path: '/arcade/details/pixel-rally/4101', structures: STRUCTURES, fetch: backend(asked) });
    await user.click(await screen.findByRole('button', { name: 'Play free' }));
    await screen.findByRole('dialog', { name: 'Pixel Rally – game' });
    expect(asked).toEqual([{ path: 'arcade-competition', body: { contentId: 4101, protocol: 'http', deviceId: '42' } }]);
    expect(router.state.location.pathname).toBe('/arcade/details/pixel-rally/4101');
    expect(screen.getByTestId('game-competition')).toHaveTextContent('3 players in this competition. Play to get on the leaderboard.');
  });

  it('the game details page still plays through /game/play-free', async () => {
    const asked: { path: string; body: unknown }[] = [];
    const { user } = await renderApp({ path: '/games/details/pixel-rally/4101', structures: STRUCTURES, fetch: backend(asked) });
    await user.click(await screen.findByRole('button', { name: 'Play free' }));
    await screen.findByRole('dialog', { name: 'Pixel Rally – game' });
    expect(asked.map((entry) => entry.path)).toEqual(['play-free']);
    expect(screen.queryByTestId('game-competition')).not.toBeInTheDocument();
  });
});

describe('a game that does not run on this device', () => {
  it('says so without a play icon and names the systems it runs on', async () => {
    await renderApp({ path: '/games/details/farm-valley/4503', token: testToken(), structures: STRUCTURES, fetch: backend([]) });
    const button = await screen.findByRole('button', { name: 'Not available on this device' });
    expect(button).toBeDisabled();
    expect(button.querySelector('svg')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('game-platforms')).toHaveTextContent('Available on \u2068Windows\u2069 or \u2068macOS\u2069.'));
  });
});
