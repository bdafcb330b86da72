import { describe, expect, it } from 'vitest';
import { decideConsume, preferredConsume, sortedPurchaseOptions, type OptionsAnswer } from '../consume-decision';
import type { ConsumeEntry, PurchaseOption, PurchaseOptions, UnavailableEntry } from '../types';

const entry = (kind: ConsumeEntry['kind'], remaining: number | null = null): ConsumeEntry => ({ kind, subscriptionId: kind === 'credit' || kind === 'subscription' ? '7' : null, subscriptionTypeId: 401, remaining });
const option = (id: string, sort: number, type: PurchaseOption['type'] = 'DTO'): PurchaseOption => ({
  purchaseIdentifier: id,
  type,
  title: id,
  price: { amount: 99, currency: 'EUR' },
  consumable: true,
  sort,
  subscriptionType: type === 'subscription' ? { id: 101, name: 'Music Basic', billingCycle: 'P1M', subscriptionTypePrice: { amount: 499, currency: 'EUR' } } : null,
});
const options = (patch: Partial<PurchaseOptions> = {}): OptionsAnswer => ({
  ok: true,
  options: { articleId: 2101, contentType: 'full_track_music', consume: [], unavailable: [], purchase: [], upgradeTo: [], downgradeTo: [], ...patch },
});

describe('the purchase check for consuming (commerce §4)', () => {
  it('goes on when consuming is allowed, without asking unless a credit is spent', () => {
    expect(decideConsume(true, options({ consume: [entry('wallet')] }))).toEqual({ kind: 'consume', entry: entry('wallet') });
    expect(decideConsume(true, options({ consume: [entry('subscription')] }))).toMatchObject({ kind: 'consume' });
    expect(decideConsume(true, options({ consume: [entry('credit', 3)] }))).toEqual({ kind: 'confirm-credit', entry: entry('credit', 3) });
  });

  it('prefers what costs nothing over spending a credit', () => {
    expect(preferredConsume([entry('credit', 2), entry('wallet')])?.kind).toBe('wallet');
    expect(preferredConsume([entry('credit', 2), entry('subscription'), entry('free')])?.kind).toBe('free');
    expect(decideConsume(true, options({ consume: [entry('credit', 2), entry('subscription')] }))).toMatchObject({ kind: 'consume', entry: { kind: 'subscription' } });
    expect(preferredConsume([])).toBeNull();
  });

  it('opens the inactive-subscription dialog when an inactive plan would cover it', () => {
    const subscription = { id: '9', typeId: 102, state: 'INACTIVE', subState: null, name: 'Music Plus' };
    // The server always names the subscription; the check also copes with an entry that names none.
    const unnamed = { articleSubscription: null } as unknown as UnavailableEntry;
    const decision = decideConsume(true, options({ unavailable: [unnamed, { articleSubscription: subscription }], purchase: [option('dto', 1)] }));
    expect(decision).toEqual({ kind: 'inactive', subscription });
  });

  it('otherwise shows the upgrade, downgrade and purchase options, purchases by sort', () => {
    const upgrade = { fromSubscriptionId: '1', toSubscriptionType: { id: 103, name: 'Premium', billingCycle: 'P1Y', subscriptionTypePrice: { amount: 4999, currency: 'EUR' } } };
    const decision = decideConsume(true, options({ unavailable: [{} as UnavailableEntry], purchase: [option('plan', 30, 'subscription'), option('dto', 1)], upgradeTo: [upgrade] }));
    expect(decision).toMatchObject({ kind: 'options', upgradeTo: [upgrade], downgradeTo: [] });
    expect(decision.kind === 'options' && decision.purchase.map((item) => item.purchaseIdentifier)).toEqual(['dto', 'plan']);
  });

  it('says so when there is no way at all to get the item', () => {
    expect(decideConsume(true, options())).toEqual({ kind: 'not-available' });
  });

  it('lets a guest take what is free and asks to sign in for anything else', () => {
    expect(decideConsume(false, options({ consume: [entry('free')] }))).toMatchObject({ kind: 'consume' });
    expect(decideConsume(false, options({ purchase: [option('dto', 1)] }))).toEqual({ kind: 'login' });
    expect(decideConsume(false, options({ consume: [entry('wallet')] }))).toEqual({ kind: 'login' });
    expect(decideConsume(true, { ok: false, status: 401, code: 'UNAUTHORIZED' })).toEqual({ kind: 'login' });
  });

  it('turns 404 DEVICE_NOT_SUPPORTED into the device dialog and other failures into errors', () => {
    expect(decideConsume(true, { ok: false, status: 404, code: 'DEVICE_NOT_SUPPORTED' })).toEqual({ kind: 'device-not-supported' });
    expect(decideConsume(false, { ok: false, status: 404, code: 'DEVICE_NOT_SUPPORTED' })).toEqual({ kind: 'device-not-supported' });
    // Spec 2 §8: a plain 404 Not Found (no code, or one the client does not know) is the device dialog too.
    expect(decideConsume(true, { ok: false, status: 404, code: null })).toEqual({ kind: 'device-not-supported' });
    expect(decideConsume(false, { ok: false, status: 404, code: 'NOT_FOUND' })).toEqual({ kind: 'device-not-supported' });
    expect(decideConsume(true, { ok: false, status: 404, code: 'ARTICLE_NOT_FOUND' })).toEqual({ kind: 'error', status: 404, code: 'ARTICLE_NOT_FOUND' });
    expect(decideConsume(true, { ok: false, status: 500, code: null })).toEqual({ kind: 'error', status: 500, code: null });
  });

  it('keeps the server order for options of equal sort', () => {
    expect(sortedPurchaseOptions([option('b', 2), option('a', 2), option('c', 1)]).map((item) => item.purchaseIdentifier)).toEqual(['c', 'b', 'a']);
  });
});
