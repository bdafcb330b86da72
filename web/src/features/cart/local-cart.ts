/**
 * A guest's cart lives in the browser (local storage key `cart`) until sign-in merges it into the
 * server cart. Each line keeps what the page showed of the product, so the cart page needs no call.
 */
import { createStore, useStore } from 'zustand';
import { clampQuantity } from './cart-rules';
import type { CartItem } from './cart-model';

export const LOCAL_CART_KEY = 'cart';

function read(storage: Storage | null): CartItem[] {
  try {
    const value = JSON.parse(storage?.getItem(LOCAL_CART_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter(isCartItem) : [];
  } catch {
    return [];
  }
}

function isCartItem(value: unknown): value is CartItem {
  const item = value as Partial<CartItem> | null;
  return typeof item?.id === 'number' && typeof item.quantity === 'number' && typeof item.price === 'number' && typeof item.currency === 'string';
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const localCartStore = createStore<{ items: CartItem[] }>()(() => ({ items: read(storage()) }));

function write(items: CartItem[]): void {
  localCartStore.setState({ items });
  try {
    if (items.length === 0) storage()?.removeItem(LOCAL_CART_KEY);
    else storage()?.setItem(LOCAL_CART_KEY, JSON.stringify(items));
  } catch {
    // No storage: the cart lasts as long as the page.
  }
}

/** Adds to a line (or creates it), within the limit. */
export function addLocal(item: Omit<CartItem, 'quantity'>, quantity: number, limit: number): void {
  const items = localCartStore.getState().items;
  const existing = items.find((line) => line.id === item.id);
  const next = clampQuantity((existing?.quantity ?? 0) + quantity, limit);
  write(existing ? items.map((line) => (line.id === item.id ? { ...line, ...item, quantity: next } : line)) : [...items, { ...item, quantity: next }]);
}

export function setLocalQuantity(id: number, quantity: number, limit: number): void {
  write(localCartStore.getState().items.map((line) => (line.id === id ? { ...line, quantity: clampQuantity(quantity, limit) } : line)));
}

export function removeLocal(id: number): void {
  write(localCartStore.getState().items.filter((line) => line.id !== id));
}

export function clearLocal(): void {
  write([]);
}

/** Another tab changed the cart: follow it. */
export function reloadLocal(): void {
  localCartStore.setState({ items: read(storage()) });
}

export function useLocalCart(): CartItem[] {
  return useStore(localCartStore, (state) => state.items);
}
