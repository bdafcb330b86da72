/**
 * What is free, read as the server's entitlement decision reads it (entitlement.cpp is_free): a freemium price, or
 * prices that are all 0. Issue 73 item 1: a paid track whose article carries a 0.00 SUBSCRIPTION row beside 7.99
 * PAY_PER_DOWNLOAD showed guests "Sign in to play free".
 */
import { describe, expect, it } from 'vitest';
import { isFree, soldBySubscription } from '../article-meta';

const price = (amount: number, businessModel: string) => ({ amount, currency: 'EUR', businessModel });

describe('isFree', () => {
  it('a 0.00 subscription row beside a paid price is not free, and the item is sold by subscription', () => {
    const article = { prices: [price(0, 'SUBSCRIPTION'), price(799, 'PAY_PER_DOWNLOAD')] };
    expect(isFree(article)).toBe(false);
    expect(soldBySubscription(article)).toBe(true);
  });
  it('prices that are all 0 are free, and so is a freemium price beside a paid one', () => {
    expect(isFree({ prices: [price(0, 'PAY_PER_DOWNLOAD')] })).toBe(true);
    expect(isFree({ prices: [price(0, 'SUBSCRIPTION'), price(0, 'PAY_PER_DOWNLOAD')] })).toBe(true);
    expect(isFree({ prices: [price(0, 'DOWNLOAD_TO_OWN_FREEMIUM'), price(299, 'PAY_PER_DOWNLOAD')] })).toBe(true);
  });
  it('no price at all is not free', () => {
    expect(isFree({ prices: [] })).toBe(false);
  });
});
