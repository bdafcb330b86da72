import { beforeEach, describe, expect, it } from 'vitest';
import { currentVisit, VISIT_IDLE_MS } from '../visit';

describe('visits', () => {
  beforeEach(() => sessionStorage.clear());

  it('keep one id while page views come less than 30 minutes apart', () => {
    const first = currentVisit(1_000_000, sessionStorage);
    expect(currentVisit(1_000_000 + VISIT_IDLE_MS - 1, sessionStorage)).toBe(first);
    // Measured from the last page view, not the first.
    expect(currentVisit(1_000_000 + 2 * VISIT_IDLE_MS - 2, sessionStorage)).toBe(first);
  });

  it('start a new one after 30 minutes without a page view, or when the stored one is unreadable', () => {
    const first = currentVisit(1_000_000, sessionStorage);
    const second = currentVisit(1_000_000 + VISIT_IDLE_MS, sessionStorage);
    expect(second).not.toBe(first);
    sessionStorage.setItem('portal:visit', '{not json');
    expect(currentVisit(1_000_000 + VISIT_IDLE_MS + 1, sessionStorage)).not.toBe(second);
  });

  it('work without storage: every page view is a visit of its own', () => {
    expect(currentVisit(1, null)).not.toBe(currentVisit(2, null));
  });
});
