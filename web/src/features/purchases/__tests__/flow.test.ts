import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { dialogStore, resetDialogs } from '@/lib/dialogs';
import { portalStore, resetPortalStore } from '@/lib/store';
import { afterPurchase, buySingle, playBought, checkAndConsume, configurePurchaseFlow, confirmCredit, confirmSingle, download, showOffers } from '../flow';
import { purchaseStore, resetPurchaseFlow } from '../store';
import type { UsedCredits } from '../store';

const track = { id: 2101, title: 'Neon Skyline', contentType: 'full_track_music' };
type Route = (url: URL, init: RequestInit) => Response | undefined;

function backend(route: Route) {
  const fetchImpl = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input);
    return Promise.resolve(route(url, init ?? {}) ?? new Response(JSON.stringify({ status: 404, error: 'NOT_FOUND' }), { status: 404 }));
  });
  configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', fetchImpl: fetchImpl as unknown as typeof fetch, getAccessToken: () => 'token', onUnauthorized: () => undefined });
  return fetchImpl;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const options = (patch: Record<string, unknown>) => json({ data: { articleId: 2101, contentType: 'full_track_music', consume: [], unavailable: [], purchase: [], upgradeTo: [], downgradeTo: [], ...patch } });
const open = () => [...dialogStore.getState().open];

describe('the purchase flow', () => {
  const host = {
    queryClient: null,
    login: vi.fn(),
    inactiveSubscription: vi.fn(),
    subscribe: vi.fn(),
    returnUrl: () => 'http://localhost/music/tracks/neon-skyline/2101',
    lang: () => 'en',
    playAudio: vi.fn(() => Promise.resolve()),
    watchVideo: vi.fn(),
    playGame: vi.fn(),
    articleTitle: vi.fn((id: number) => Promise.resolve(id === 4102 ? 'Turbo Legends' : null)),
    usedCredits: vi.fn((): Promise<UsedCredits | null> => Promise.resolve(null)),
  };

  beforeEach(() => {
    resetDialogs();
    resetPurchaseFlow();
    resetPortalStore();
    portalStore.getState().setUser({ role: 'user', uuid: 'u-1' });
    portalStore.getState().setDevice({ id: 'd-9', deviceAttributes: {} });
    configurePurchaseFlow(host);
  });
  afterEach(() => vi.clearAllMocks());

  it('asks the user purchase options with the device and hands audio to the mini player when allowed', async () => {
    const fetchImpl = backend((url) => {
      if (url.pathname.endsWith('/purchase/user/purchaseOptions')) return options({ consume: [{ kind: 'wallet', subscriptionId: null, subscriptionTypeId: null, remaining: null }] });
      return undefined;
    });
    await checkAndConsume(track, 'play');
    const asked = new URL(fetchImpl.mock.calls[0]?.[0] ?? '');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ articleId: '2101', contentType: 'full_track_music', deviceId: 'd-9' });
    expect(host.playAudio).toHaveBeenCalledWith(track, { consume: false });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('a confirmed credit plays with consume, video goes to its stream page, games to the games feature', async () => {
    backend(() => options({ consume: [{ kind: 'credit', subscriptionId: 3, subscriptionTypeId: 401, remaining: 2 }] }));
    await checkAndConsume(track, 'play');
    await confirmCredit();
    expect(host.playAudio).toHaveBeenCalledWith(track, { consume: true });

    const film = { id: 3001, title: 'Starfall', contentType: 'full_length_video' };
    backend(() => options({ consume: [{ kind: 'subscription', subscriptionId: 3, subscriptionTypeId: 401, remaining: null }] }));
    await checkAndConsume(film, 'play');
    expect(host.watchVideo).toHaveBeenCalledWith(film, { consume: false });
    expect(purchaseStore.getState().playing).toMatchObject({ articleId: 3001 });

    const game = { id: 4101, title: 'Pixel Rally', contentType: 'online_game' };
    await checkAndConsume(game, 'play');
    expect(host.playGame).toHaveBeenCalledWith(game, { consume: false });
  });

  it('a credit is confirmed before a download or a game spends it, and the call says so', async () => {
    const bodies: unknown[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const credit = [{ kind: 'credit', subscriptionId: 3, subscriptionTypeId: 401, remaining: 2 }];
    backend((url, init) => {
      if (url.pathname.endsWith('/purchase/user/purchaseOptions')) return options({ consume: credit });
      if (url.pathname.endsWith('/song/download')) {
        bodies.push(JSON.parse(init.body as string));
        return json({ data: { uri: 'http://localhost/media/secure/audio/2101.mp3?exp=1&sig=y', expires: 1 } });
      }
      return undefined;
    });
    await checkAndConsume(track, 'download');
    expect(open()).toEqual(['confirm-purchase']);
    expect(bodies).toEqual([]);
    await confirmCredit();
    expect(bodies).toEqual([{ articleId: 2101, distributionChannel: 'WEB', deviceId: 'd-9', consume: true }]);

    const game = { id: 4401, title: 'Star Blocks', contentType: 'online_game' };
    resetDialogs();
    await checkAndConsume(game, 'play');
    expect(host.playGame).not.toHaveBeenCalled();
    await confirmCredit();
    expect(host.playGame).toHaveBeenCalledWith(game, { consume: true });
  });

  it('a download the server asks to confirm (409 CONFIRMATION_REQUIRED) runs the purchase check instead of failing', async () => {
    backend((url) => {
      if (url.pathname.endsWith('/song/download'))
        return json({ status: 409, error: 'CONFIRMATION_REQUIRED', message: 'x', data: { articleId: 2101, consume: { kind: 'credit' } } }, 409);
      if (url.pathname.endsWith('/purchase/user/purchaseOptions')) return options({ consume: [{ kind: 'credit', subscriptionId: 3, subscriptionTypeId: 401, remaining: 0 }] });
      return undefined;
    });
    expect(await download({ id: 2101, title: 'Neon Skyline', contentType: 'full_track_music' })).toBe(false);
    expect(open()).toEqual(['confirm-purchase']);
    expect(purchaseStore.getState().failure).toBeNull();
  });

  it('the mini player opens the purchase popup with a song answer’s options, in their order', () => {
    const option = (sort: number) => ({ purchaseIdentifier: `p-${sort}`, type: 'DTO' as const, title: 'x', price: { amount: 99, currency: 'EUR' }, consumable: true, sort, subscriptionType: null });
    showOffers(track, [option(2), option(1)]);
    expect(open()).toEqual(['purchase-popup']);
    expect(purchaseStore.getState().offers?.purchase.map((item) => item.sort)).toEqual([1, 2]);
    expect(purchaseStore.getState().article).toEqual(track);
  });

  it('asks before spending a credit, shows the options, or the inactive plan', async () => {
    backend(() => options({ consume: [{ kind: 'credit', subscriptionId: 3, subscriptionTypeId: 401, remaining: 2 }] }));
    await checkAndConsume(track, 'play');
    expect(open()).toEqual(['confirm-purchase']);

    resetDialogs();
    backend(() => options({ purchase: [{ purchaseIdentifier: 'dto-2101', type: 'DTO', title: 'Neon Skyline', price: { amount: 99, currency: 'EUR' }, consumable: true, sort: 1, subscriptionType: null }] }));
    await checkAndConsume(track, 'play');
    expect(open()).toEqual(['purchase-popup']);
    expect(purchaseStore.getState().offers?.purchase).toHaveLength(1);

    const subscription = { id: 5, typeId: 102, state: 'INACTIVE', subState: null, name: 'Music Plus' };
    backend(() => options({ unavailable: [{ articleSubscription: subscription }] }));
    await checkAndConsume(track, 'play');
    expect(host.inactiveSubscription).toHaveBeenCalledWith(subscription);
  });

  it('when a plan’s credits are spent, the popup says so beside the offers, and in place of “not available” (issue 47 item 3)', async () => {
    const spent = { plan: 'Noor Daily', at: '2026-11-28T08:00:00Z', daily: true };
    host.usedCredits.mockResolvedValue(spent);
    backend(() => options({ purchase: [{ purchaseIdentifier: 'dto-2101', type: 'DTO', title: 'Neon Skyline', price: { amount: 399, currency: 'SAR' }, consumable: false, sort: 0, subscriptionType: null }] }));
    await checkAndConsume(track, 'play');
    expect(host.usedCredits).toHaveBeenCalledWith('full_track_music');
    expect(open()).toEqual(['purchase-popup']);
    expect(purchaseStore.getState().offers).toMatchObject({ usedCredits: spent, purchase: [{ type: 'DTO' }] });

    resetDialogs();
    backend(() => options({}));
    await checkAndConsume(track, 'play');
    expect(open()).toEqual(['purchase-popup']);
    expect(purchaseStore.getState().offers).toEqual({ purchase: [], upgradeTo: [], downgradeTo: [], usedCredits: spent });

    resetDialogs();
    host.usedCredits.mockResolvedValue(null);
    await checkAndConsume(track, 'play');
    expect(open()).toEqual(['generic-error']);
  });

  it('waits for GET /device before asking or downloading, so a game is never decided for device 1 (issue 47 item 17)', async () => {
    portalStore.getState().setDevice(null);
    const fetchImpl = backend((url) => (url.pathname.endsWith('/purchaseOptions') ? options({ consume: [{ kind: 'wallet' }] }) : url.pathname.endsWith('/game/download') ? json({ data: { uri: '/media/x.zip?download=1' } }) : undefined));
    const checked = checkAndConsume({ id: 4504, title: 'Lane Racer', contentType: 'game' }, 'download');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchImpl).not.toHaveBeenCalled();
    portalStore.getState().setDevice({ id: 'linux-7', deviceAttributes: {} });
    await checked;
    const calls: [string, RequestInit?][] = fetchImpl.mock.calls;
    expect(new URL(calls[0]?.[0] ?? '').searchParams.get('deviceId')).toBe('linux-7');
    expect(new URL(calls[1]?.[0] ?? '').pathname).toBe('/backend/game/download');
    expect(calls[1]?.[1]?.body).toContain('"deviceId":"linux-7"');
  });

  it('a download the server refuses for this device opens “not available on this device”, not an error (issue 47 item 4)', async () => {
    backend((url) => (url.pathname.endsWith('/purchaseOptions') ? options({ consume: [{ kind: 'wallet' }] }) : json({ status: 404, error: 'DEVICE_NOT_SUPPORTED', message: 'x' }, 404)));
    await checkAndConsume({ id: 4504, title: 'Lane Racer', contentType: 'game' }, 'download');
    expect(open()).toEqual(['device-not-supported']);
  });

  it('never asks to unlock an album with a credit: its list plays and the player asks for a track by its title (issue 30)', async () => {
    backend(() => options({ consume: [{ kind: 'credit', subscriptionId: 3, subscriptionTypeId: 401, remaining: 2 }] }));
    const album = { id: 30001, title: 'Neon Skyline', contentType: 'album' };
    await checkAndConsume(album, 'play');
    expect(open()).toEqual([]);
    expect(purchaseStore.getState().credit).toBeNull();
    expect(host.playAudio).toHaveBeenCalledWith(album, { consume: false, askCredit: true });
  });

  it('sends guests to sign in and opens device-not-supported on its 404', async () => {
    portalStore.getState().setUser({ role: 'client', uuid: null });
    const fetchImpl = backend((url) => (url.pathname.includes('/purchase/ArticlePurchaseOptions/2101') ? options({ purchase: [] }) : undefined));
    await checkAndConsume(track, 'play');
    // The sign-in's return carries the article and what was pressed, so the check runs again (issue 47 item 6).
    expect(host.login).toHaveBeenCalledWith({ articleId: 2101, purchaseType: 'FULL_TRACK_MUSIC', typeID: 'play' });
    expect(new URL(fetchImpl.mock.calls[0]?.[0] ?? '').pathname).toBe('/backend/purchase/ArticlePurchaseOptions/2101');

    portalStore.getState().setUser({ role: 'user', uuid: 'u-1' });
    backend(() => json({ status: 404, error: 'DEVICE_NOT_SUPPORTED', message: 'x' }, 404));
    await checkAndConsume({ id: 4201, title: 'Game', contentType: 'game' }, 'download');
    expect(open()).toEqual(['device-not-supported']);
  });

  it('buys a single item: confirm, then one web option leaves for the checkout', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let paymentBody: unknown = null;
    backend((url, init) => {
      if (url.pathname.endsWith('/purchase/ArticleOneTimePurchase')) return json({ data: { transactionId: 't-1', articleId: 2101, contentType: 'full_track_music', title: 'Neon Skyline', price: { amount: 99, currency: 'EUR' } } });
      if (url.pathname.endsWith('/subscription/oneTimePaymentOptions')) {
        paymentBody = JSON.parse(init.body as string);
        return json({ data: { transactionId: 't-1', options: [{ paymentOptionUUID: 'p-1', code: 'card', name: 'Card', flow: 'WEB', redirectionUrl: 'http://backend.test/backend/checkout/p-1' }] } });
      }
      return undefined;
    });
    await buySingle(track);
    expect(open()).toEqual(['single-purchase-confirm']);
    await confirmSingle();
    expect(paymentBody).toEqual({ redirectionUrl: 'http://localhost/music/tracks/neon-skyline/2101', lang: 'en', transactionId: 't-1' });
    expect(assign).toHaveBeenCalledWith('http://backend.test/backend/checkout/p-1');
    expect(open()).toEqual([]);
  });

  it('shows ALREADY_OWNED as a result and several options in the payment dialog', async () => {
    backend(() => json({ status: 409, error: 'ALREADY_OWNED' }, 409));
    await buySingle(track);
    expect(open()).toEqual(['purchase-result']);
    expect(purchaseStore.getState().result).toMatchObject({ outcome: 'owned', articleId: 2101, title: 'Neon Skyline' });

    resetDialogs();
    backend((url) => {
      if (url.pathname.endsWith('/purchase/ArticleOneTimePurchase')) return json({ data: { transactionId: 't-2', articleId: 2101, contentType: 'full_track_music', title: 'Neon Skyline', price: { amount: 99, currency: 'EUR' } } });
      return json({ data: { transactionId: 't-2', options: [{ paymentOptionUUID: 'p-1', code: 'card', name: 'Card', flow: 'WEB', redirectionUrl: 'x' }, { paymentOptionUUID: 'p-2', code: 'operator', name: 'Mobile', flow: 'API', redirectionUrl: null }] } });
    });
    await buySingle(track);
    await confirmSingle();
    expect(open()).toEqual(['one-time-payment-options']);
    expect(purchaseStore.getState().paymentOptions).toHaveLength(2);
  });

  it('downloads through a hidden link, and a refused download opens the generic error', async () => {
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.href);
    });
    let body: unknown = null;
    backend((url, init) => {
      if (url.pathname.endsWith('/song/download')) {
        body = JSON.parse(init.body as string);
        return json({ data: { uri: 'http://localhost/media/secure/audio/2101.mp3?exp=1&sig=y', expires: 1 } });
      }
      return json({ status: 403, error: 'NOT_ENTITLED' }, 403);
    });
    expect(await download({ id: 2101, contentType: 'full_track_music', collectionId: 2050 })).toBe(true);
    expect(body).toEqual({ articleId: 2101, distributionChannel: 'WEB', deviceId: 'd-9', collectionId: 2050 });
    expect(clicks).toEqual(['http://localhost/media/secure/audio/2101.mp3?exp=1&sig=y']);
    expect(await download({ id: 4201, contentType: 'game' })).toBe(false);
    expect(open()).toEqual(['generic-error']);
    expect(purchaseStore.getState().failure).toEqual({ status: 403, code: 'NOT_ENTITLED' });
  });

  it("a game download that fails logs 'error download game url' (commerce §8); a refusal for this device is not an error", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    backend(() => json({ status: 403, error: 'NOT_ENTITLED' }, 403));
    expect(await download({ id: 4201, contentType: 'game' })).toBe(false);
    expect(error).toHaveBeenCalledWith('error download game url', 403, 'NOT_ENTITLED');

    error.mockClear();
    backend(() => json({ status: 404, error: 'DEVICE_NOT_SUPPORTED' }, 404));
    expect(await download({ id: 4201, contentType: 'game' })).toBe(false);
    expect(error).not.toHaveBeenCalled();
  });

  it('a bought album downloads whole after the purchase and from its page: one zip, asked with the album itself (issue 72 item 1)', async () => {
    const asked: unknown[] = [];
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.href);
    });
    backend((url, init) => {
      if (url.pathname.endsWith('/purchase/user/purchaseOptions')) return options({ articleId: 2102, contentType: 'album', consume: [{ kind: 'wallet' }] });
      if (url.pathname.endsWith('/song/download')) {
        const body = JSON.parse(init.body as string) as { articleId: number };
        asked.push(body);
        // The saved file is named in the page's language (issue 72 item 16).
        expect(url.searchParams.get('lang')).toBe('en');
        return json({ data: { uri: `http://localhost/media/secure/${body.articleId === 2102 ? 'collections/2102.zip' : 'audio/2101.mp3'}?exp=1&sig=y&download=1`, expires: 1 } });
      }
      return undefined;
    });
    // The purchase return (commerce §4: music downloads).
    await afterPurchase(2102, 'ALBUM', 'download');
    expect(asked).toEqual([{ articleId: 2102, distributionChannel: 'WEB', deviceId: 'd-9' }]);
    expect(saved).toEqual(['http://localhost/media/secure/collections/2102.zip?exp=1&sig=y&download=1']);
    // The album page's Download: the purchase check, then the same one file.
    await checkAndConsume({ id: 2102, title: 'Neon Skyline', contentType: 'album' }, 'download');
    expect(asked).toHaveLength(2);
    expect(saved).toHaveLength(2);
    expect(saved[1]).toContain('/collections/2102.zip');
    expect(open()).toEqual([]);
    // A playlist has no file to save: nothing is asked.
    await afterPurchase(2201, 'PLAYLIST', 'download');
    expect(asked).toHaveLength(2);
    await afterPurchase(2101, 'FULL_TRACK_MUSIC', 'download');
    expect(asked[2]).toEqual({ articleId: 2101, distributionChannel: 'WEB', deviceId: 'd-9' });
  });

  it('a bought online game waits behind the thank-you dialog and starts from its Play button (issue 30)', async () => {
    backend(() => undefined);
    const game = { id: 4101, title: 'Laser Bounce', contentType: 'online_game' };
    purchaseStore.setState({ article: game });
    await afterPurchase(4101, 'ONLINE_GAME', 'play');
    expect(host.playGame).not.toHaveBeenCalled();
    expect(open()).toEqual(['purchase-result']);
    expect(purchaseStore.getState().result).toMatchObject({ outcome: 'success', articleId: 4101, title: 'Laser Bounce', play: game });
    await playBought();
    expect(open()).toEqual([]);
    expect(host.playGame).toHaveBeenCalledWith(game, { consume: false });
  });

  it('back from a checkout on a page that knows only the id, the thank-you names the game (issue 47 item 8)', async () => {
    backend(() => undefined);
    await afterPurchase(4102, 'ONLINE_GAME', 'play');
    expect(open()).toEqual(['purchase-result']);
    expect(host.articleTitle).toHaveBeenCalledWith(4102);
    await vi.waitFor(() => expect(purchaseStore.getState().result).toMatchObject({ articleId: 4102, title: 'Turbo Legends' }));
  });
});
