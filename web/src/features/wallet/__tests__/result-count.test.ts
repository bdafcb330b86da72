import { describe, expect, it } from 'vitest';
import { WALLET_PAGE_SIZE, parseResultCount, walletPaging } from '../result-count';

describe('x-result-count (commerce §7, wallet paging)', () => {
  it('reads a-b/total', () => {
    expect(parseResultCount('1-50/73')).toEqual({ first: 1, last: 50, total: 73 });
    expect(parseResultCount('51-73/73')).toEqual({ first: 51, last: 73, total: 73 });
    expect(parseResultCount(' 0-0/0 ')).toEqual({ first: 0, last: 0, total: 0 });
  });

  it('refuses what is not that shape or not consistent', () => {
    for (const header of [null, undefined, '', '1-50', '50/73', 'a-b/c', '10-5/73', '1-80/73', '-1-5/7']) expect(parseResultCount(header), String(header)).toBeNull();
  });

  it('pages by 50 and knows whether more follow', () => {
    expect(WALLET_PAGE_SIZE).toBe(50);
    expect(walletPaging(0, { first: 1, last: 50, total: 73 }, 50)).toEqual({ page: 0, pages: 2, total: 73, hasPrevious: false, hasNext: true });
    expect(walletPaging(1, { first: 51, last: 73, total: 73 }, 23)).toEqual({ page: 1, pages: 2, total: 73, hasPrevious: true, hasNext: false });
    expect(walletPaging(0, { first: 0, last: 0, total: 0 }, 0)).toMatchObject({ pages: 1, total: 0, hasNext: false });
  });

  it('falls back to what arrived without a header', () => {
    expect(walletPaging(0, null, 50)).toMatchObject({ hasNext: true, total: 50 });
    expect(walletPaging(2, null, 10)).toMatchObject({ hasNext: false, total: 110, pages: 3 });
  });
});
