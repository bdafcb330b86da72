import { describe, expect, it } from 'vitest';
import { canceledHistory, isSubscribedToAny, summarize, usableAmount, usedCredits } from '../subscription-state';
import { plan, sub } from './fixtures';

describe('subscription store lists (commerce §4)', () => {
  it('sorts subscriptions into active, inactive, pending and canceled', () => {
    const list = [
      sub(1, 101),
      sub(2, 102, { state: 'ACTIVE', subState: 'PENDING' }),
      sub(3, 103, { state: 'INACTIVE' }),
      sub(4, 104, { state: 'INACTIVE', subState: 'PENDING' }),
      sub(5, 105, { state: 'REQUESTED', subState: 'PENDING' }),
      sub(6, 106, { state: 'CANCELED' }),
    ];
    const summary = summarize(list);
    expect(summary.active.map((s) => s.id)).toEqual([1]);
    expect(summary.inactive.map((s) => s.id)).toEqual([3]);
    expect(summary.pending.map((s) => s.id)).toEqual([2, 4, 5]);
    expect(summary.canceled.map((s) => s.id)).toEqual([6]);
    expect(summary.subscribed).toBe(true);
    expect(summary.expiredWithoutActive).toBe(false);
  });

  it('keeps the newest canceled per type, newest first, at most 5', () => {
    const list = [1, 2, 3, 4, 5, 6, 7].map((id) => sub(id, 100 + id, { state: 'CANCELED' }));
    list.push(sub(8, 101, { state: 'CANCELED' }));
    const history = canceledHistory(list);
    expect(history.map((s) => s.id)).toEqual([8, 7, 6, 5, 4]);
    expect(history.filter((s) => s.typeId === 101)).toHaveLength(1);
  });

  it('is expired-without-active with no active, no pending and a canceled one', () => {
    expect(summarize([sub(1, 101, { state: 'CANCELED' })]).expiredWithoutActive).toBe(true);
    expect(summarize([sub(1, 101, { state: 'CANCELED' }), sub(2, 102, { state: 'REQUESTED' })]).expiredWithoutActive).toBe(false);
    expect(summarize([]).expiredWithoutActive).toBe(false);
  });

  it('lists active subscriptions with usable credit as credit subscriptions', () => {
    const list = [
      sub(1, 101, { contingents: [{ contentTypes: ['full_track_music'], amount: 3 }] }),
      sub(2, 102, { contingents: [{ contentTypes: ['full_track_music'], amount: 0 }] }),
      sub(3, 103, { contingents: [{ contentTypes: ['video'], amount: -1 }] }),
      sub(4, 104),
    ];
    expect(summarize(list).credit.map((s) => s.id)).toEqual([1, 3]);
  });
});

describe('subscribed-to-any (commerce §5)', () => {
  const basic = plan(101, { contingents: [{ contentTypes: ['full_track_music'], amount: 10 }] });
  const plus = plan(102, { contingents: [{ contentTypes: ['full_track_music'], amount: 50 }] });
  const unlimited = plan(103, { contingents: [{ contentTypes: ['full_track_music'], amount: -1 }] });

  it('reads usable amounts: above 0 or -1', () => {
    expect(usableAmount([{ contentTypes: ['a'], amount: 0 }], 'a')).toBe(0);
    expect(usableAmount([{ contentTypes: ['a'], amount: 4 }, { contentTypes: ['a'], amount: -1 }], 'a')).toBe(-1);
    expect(usableAmount([{ contentTypes: ['b'], amount: 4 }], 'a')).toBe(0);
  });

  it('matches by type id or category', () => {
    const active = [sub(1, 101)];
    expect(isSubscribedToAny(active, [basic])).toBe(true);
    expect(isSubscribedToAny(active, [plus])).toBe(false);
    expect(isSubscribedToAny(active, [plus], { categories: ['music'], categoryOf: () => ['music'] })).toBe(true);
  });

  it('does not count a user whose contingent is smaller than a plan offers', () => {
    const holding = [sub(1, 101, { contingents: [{ contentTypes: ['full_track_music'], amount: 10 }] })];
    expect(isSubscribedToAny(holding, [basic], { contentType: 'full_track_music' })).toBe(true);
    expect(isSubscribedToAny(holding, [basic, plus], { contentType: 'full_track_music' })).toBe(false);
    expect(isSubscribedToAny(holding, [basic, unlimited], { contentType: 'full_track_music' })).toBe(false);
    const empty = [sub(1, 101, { contingents: [{ contentTypes: ['full_track_music'], amount: 0 }] })];
    expect(isSubscribedToAny(empty, [basic], { contentType: 'full_track_music' })).toBe(false);
    const unlimitedHeld = [sub(1, 103, { contingents: [{ contentTypes: ['full_track_music'], amount: -1 }] })];
    expect(isSubscribedToAny(unlimitedHeld, [unlimited, plus], { contentType: 'full_track_music' })).toBe(true);
  });
});

describe('spent credits (issue 47 item 3)', () => {
  const daily = plan(401, { name: 'Noor Daily', billingCycle: 'P1D' }, { DISPLAY_SERVICE_NAME_TEXT_ar: 'نور اليومي' });
  const unlimited = plan(402, { name: 'Noor Plus' });
  const typeOf = (id: number) => [daily, unlimited].find((p) => p.id === id);
  const music = (amount: number) => [{ contentTypes: ['full_track_music', 'album'], amount }];

  it('names the active credit plan that covers the type, in the page language, and its next renewal', () => {
    // The client's number may be stale (spent on another page): the covering contingent is what counts.
    const held = [sub(1, 401, { contingents: music(1), endDate: '2026-11-28T08:00:00Z', nextRenewalDate: '2026-11-28T08:00:00Z' })];
    expect(usedCredits(held, 'full_track_music', typeOf, 'ar')).toEqual({ plan: 'نور اليومي', at: '2026-11-28T08:00:00Z', daily: true });
    // A plan that ends (a gift, a cancelled one) brings none.
    expect(usedCredits([sub(1, 401, { contingents: music(0), endDate: '2026-11-28T08:00:00Z', cancelRequested: true })], 'album', typeOf, 'en')).toEqual({ plan: 'Noor Daily', at: null, daily: true });
  });

  it('is nothing for an unlimited plan, another type, or a plan that is not active', () => {
    expect(usedCredits([sub(1, 402, { contingents: music(-1) })], 'full_track_music', typeOf, 'en')).toBeNull();
    expect(usedCredits([sub(1, 401, { contingents: music(0) })], 'video', typeOf, 'en')).toBeNull();
    expect(usedCredits([sub(1, 401, { contingents: music(0), state: 'INACTIVE' })], 'full_track_music', typeOf, 'en')).toBeNull();
  });
});
