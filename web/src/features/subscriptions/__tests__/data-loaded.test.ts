import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSubscriptionStore, subscriptionDataLoaded, subscriptionStore } from '../store';

describe('subscriptionDataLoaded', () => {
  // The files of a worker share one module graph: start from an empty store, whatever ran before.
  beforeEach(() => resetSubscriptionStore());
  afterEach(() => {
    vi.useRealTimers();
    resetSubscriptionStore();
  });

  it('waits for both the user\'s subscriptions and the plans (a click right after a page load)', async () => {
    let done = false;
    const waiting = subscriptionDataLoaded().then(() => (done = true));
    subscriptionStore.getState().setTypes([], null);
    await Promise.resolve();
    expect(done).toBe(false);
    subscriptionStore.getState().setUserData('user-1', [], null);
    await waiting;
    expect(done).toBe(true);
    await subscriptionDataLoaded(); // loaded: at once
  });

  it('gives up after its time with what there is', async () => {
    vi.useFakeTimers();
    let done = false;
    const waiting = subscriptionDataLoaded(5_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });
});
