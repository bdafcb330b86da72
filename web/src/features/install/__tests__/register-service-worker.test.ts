import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_DELAY_MS, whenSettled } from '../register-service-worker';

/** A window whose document is still loading, with an idle callback the test runs by hand. */
function loadingWindow() {
  const target = new EventTarget();
  const idle: (() => void)[] = [];
  const requestIdle = vi.fn((callback: () => void) => idle.push(callback));
  const win = Object.assign(target, { document: { readyState: 'loading' }, requestIdleCallback: requestIdle, cancelIdleCallback: vi.fn() });
  return { win: win as unknown as Window, idle, requestIdle, load: () => target.dispatchEvent(new Event('load')) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('whenSettled', () => {
  it('registers after the load event, the delay and an idle period, not before', () => {
    const { win, idle, requestIdle, load } = loadingWindow();
    const register = vi.fn();
    whenSettled(register, win);
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS * 2);
    expect(requestIdle).not.toHaveBeenCalled();
    load();
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS - 1);
    expect(requestIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('counts the delay at once when the page has already loaded; without idle callbacks a timer stands in', () => {
    const register = vi.fn();
    const win = { document: { readyState: 'complete' }, addEventListener: vi.fn() } as unknown as Window;
    whenSettled(register, win);
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers nothing once cancelled', () => {
    const { win, requestIdle, load } = loadingWindow();
    const register = vi.fn();
    const cancel = whenSettled(register, win);
    load();
    cancel();
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS * 2);
    expect(requestIdle).not.toHaveBeenCalled();
    expect(register).not.toHaveBeenCalled();
  });
});
