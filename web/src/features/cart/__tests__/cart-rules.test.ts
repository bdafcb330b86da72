import { describe, expect, it } from 'vitest';
import { cartTotals, clampQuantity, maxQuantityOf, mergeCartLines, mergeChanges, quantityLimit } from '../cart-rules';

describe('cart quantity rules (commerce §5, §9)', () => {
  it('takes maxQuantity from the tenant features, 10 by default', () => {
    expect(maxQuantityOf(undefined)).toBe(10);
    expect(maxQuantityOf({})).toBe(10);
    expect(maxQuantityOf({ maxQuantity: 3 })).toBe(3);
    expect(maxQuantityOf({ maxQuantity: 0 })).toBe(10);
    expect(maxQuantityOf({ maxQuantity: '5' })).toBe(10);
  });

  it('keeps a quantity between 1 and the limit', () => {
    expect(clampQuantity(0, 10)).toBe(1);
    expect(clampQuantity(-4, 10)).toBe(1);
    expect(clampQuantity(11, 10)).toBe(10);
    expect(clampQuantity(4.7, 10)).toBe(4);
    expect(clampQuantity(Number.NaN, 10)).toBe(1);
    expect(clampQuantity(5, 10)).toBe(5);
  });

  it('never allows more than what is available', () => {
    expect(quantityLimit(10, 6)).toBe(6);
    expect(quantityLimit(10, 54)).toBe(10);
    expect(quantityLimit(10, null)).toBe(10);
    expect(clampQuantity(9, quantityLimit(10, 6))).toBe(6);
  });
});

describe('merging the guest cart on sign-in', () => {
  it('adds quantities of the same product within the bounds and keeps the rest', () => {
    const server = [{ productId: 8001, quantity: 2 }, { productId: 8002, quantity: 9 }];
    const guest = [{ productId: 8002, quantity: 4 }, { productId: 8101, quantity: 1 }];
    expect(mergeCartLines(server, guest, 10)).toEqual([
      { productId: 8001, quantity: 2 },
      { productId: 8002, quantity: 10 },
      { productId: 8101, quantity: 1 },
    ]);
    expect(mergeChanges(server, guest, 10)).toEqual([
      { productId: 8002, quantity: 10 },
      { productId: 8101, quantity: 1 },
    ]);
  });

  it('changes nothing for an empty guest cart', () => {
    expect(mergeChanges([{ productId: 1, quantity: 3 }], [], 10)).toEqual([]);
    expect(mergeCartLines([], [{ productId: 1, quantity: 12 }], 10)).toEqual([{ productId: 1, quantity: 10 }]);
  });
});

describe('cart totals in minor units', () => {
  it('sums unit × quantity and shows the voucher books\' saving', () => {
    expect(
      cartTotals([
        { productId: 8001, quantity: 2, unitAmount: 1000 },
        { productId: 8101, quantity: 1, unitAmount: 3825, originalAmount: 4500 },
      ]),
    ).toEqual({ subtotal: 6500, discount: 675, total: 5825, count: 3 });
    expect(cartTotals([])).toEqual({ subtotal: 0, discount: 0, total: 0, count: 0 });
  });

  it('ignores an "original" price below the price', () => {
    expect(cartTotals([{ productId: 1, quantity: 1, unitAmount: 500, originalAmount: 100 }])).toEqual({ subtotal: 500, discount: 0, total: 500, count: 1 });
  });
});
