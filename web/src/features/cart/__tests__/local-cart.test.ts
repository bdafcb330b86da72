import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_CART_KEY, addLocal, clearLocal, localCartStore, reloadLocal, removeLocal, setLocalQuantity } from '../local-cart';

const bronze = { id: 8001, name: 'Music Gift Card – Bronze', description: '', imageUrl: null, availableNo: 54, discountPercentage: 0, price: 1000, originalPrice: null, currency: 'EUR' };

describe('the guest cart in the browser', () => {
  beforeEach(() => clearLocal());

  it('adds within the limit and keeps the lines in local storage', () => {
    addLocal(bronze, 4, 10);
    addLocal(bronze, 9, 10);
    expect(localCartStore.getState().items).toEqual([{ ...bronze, quantity: 10 }]);
    expect(JSON.parse(localStorage.getItem(LOCAL_CART_KEY) ?? '[]')).toEqual([{ ...bronze, quantity: 10 }]);
  });

  it('sets quantities within 1..limit and removes lines', () => {
    addLocal(bronze, 2, 10);
    setLocalQuantity(8001, 0, 10);
    expect(localCartStore.getState().items[0]?.quantity).toBe(1);
    setLocalQuantity(8001, 99, 6);
    expect(localCartStore.getState().items[0]?.quantity).toBe(6);
    removeLocal(8001);
    expect(localCartStore.getState().items).toEqual([]);
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull();
  });

  it('follows another tab and drops what is not a cart line', () => {
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify([{ ...bronze, quantity: 3 }, { id: 'x' }, null]));
    reloadLocal();
    expect(localCartStore.getState().items).toEqual([{ ...bronze, quantity: 3 }]);
    localStorage.setItem(LOCAL_CART_KEY, 'not json');
    reloadLocal();
    expect(localCartStore.getState().items).toEqual([]);
  });
});
