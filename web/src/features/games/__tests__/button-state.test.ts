import { describe, expect, it } from 'vitest';
import { gameButtonState, isFreeGame, spendsCredit, type GameOptions, type OptionsAnswer } from '../button-state';

const FREE = { contentType: 'online_game', prices: [{ businessModel: 'DOWNLOAD_TO_OWN_FREEMIUM' }] };
const PAID = { contentType: 'online_game', prices: [{ businessModel: 'PAY_PER_DOWNLOAD' }, { businessModel: 'SUBSCRIPTION' }] };
const DOWNLOAD = { contentType: 'game', prices: [{ businessModel: 'PAY_PER_DOWNLOAD' }] };

const options = (over: Partial<GameOptions>): OptionsAnswer => ({ ok: true, options: { consume: [], unavailable: [], purchase: [], upgradeTo: [], ...over } });

describe('game button state (commerce §4 game play)', () => {
  it('a free online game plays free for guests and users alike', () => {
    expect(isFreeGame(FREE)).toBe(true);
    expect(gameButtonState(FREE, false, null)).toBe('free');
    expect(gameButtonState(FREE, true, null)).toBe('free');
    // FREEMIUM on a game to download is no free online game.
    expect(isFreeGame({ ...DOWNLOAD, prices: FREE.prices })).toBe(false);
  });

  it('a guest on a paid game signs in', () => {
    expect(gameButtonState(PAID, false, null)).toBe('sign-in');
    expect(gameButtonState(DOWNLOAD, false, null)).toBe('sign-in');
  });

  it('waits for the purchase options, then plays or downloads when entitled', () => {
    expect(gameButtonState(PAID, true, null)).toBe('loading');
    expect(gameButtonState(PAID, true, options({ consume: [{ kind: 'subscription' }] }))).toBe('play');
    expect(gameButtonState({ ...PAID, contentType: 'cloud_game' }, true, options({ consume: [{ kind: 'wallet' }] }))).toBe('play');
    expect(gameButtonState(DOWNLOAD, true, options({ consume: [{ kind: 'wallet' }] }))).toBe('download');
  });

  it('a play that spends a credit is confirmed first (the purchase check), any other plays at once', () => {
    expect(spendsCredit(options({ consume: [{ kind: 'credit' }] }))).toBe(true);
    expect(gameButtonState(PAID, true, options({ consume: [{ kind: 'credit' }] }))).toBe('play');
    expect(spendsCredit(options({ consume: [{ kind: 'wallet' }, { kind: 'credit' }] }))).toBe(false);
    expect(spendsCredit(options({ consume: [] }))).toBe(false);
    expect(spendsCredit(null)).toBe(false);
    expect(spendsCredit({ ok: false, status: 404, code: 'DEVICE_NOT_SUPPORTED' })).toBe(false);
  });

  it('an inactive plan says no active subscription, before any upgrade or purchase', () => {
    const answer = options({ unavailable: [{ articleSubscription: { id: 's1', typeId: 502 } }], upgradeTo: [{}], purchase: [{}] });
    expect(gameButtonState(PAID, true, answer)).toBe('inactive');
  });

  it('an upgrade comes before other purchase options; purchase options alone are "buy"', () => {
    expect(gameButtonState(PAID, true, options({ upgradeTo: [{}], purchase: [{}] }))).toBe('upgrade');
    expect(gameButtonState(PAID, true, options({ purchase: [{}] }))).toBe('buy');
    expect(gameButtonState(DOWNLOAD, true, options({ purchase: [{}] }))).toBe('buy');
    expect(gameButtonState(PAID, true, options({}))).toBe('unavailable');
  });

  it('error answers: device not supported, 401 signs in, others are unavailable', () => {
    expect(gameButtonState(DOWNLOAD, true, { ok: false, status: 404, code: 'DEVICE_NOT_SUPPORTED' })).toBe('device-not-supported');
    expect(gameButtonState(PAID, true, { ok: false, status: 401, code: 'UNAUTHORIZED' })).toBe('sign-in');
    expect(gameButtonState(PAID, true, { ok: false, status: 500, code: null })).toBe('unavailable');
  });
});
