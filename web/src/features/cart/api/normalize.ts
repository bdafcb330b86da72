/** Reads the server's cart answer into the client's cart item (commerce §3 field names). */
import type { Cart, CartItem } from '../types';

type Raw = Record<string, unknown>;

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function money(value: unknown): { amount: number; currency: string | null } | null {
  if (typeof value === 'number') return { amount: value, currency: null };
  const raw = value as Raw | null;
  const amount = num(raw?.amount);
  return amount === null ? null : { amount, currency: str(raw?.currency) };
}

export function toCartItem(raw: Raw): CartItem | null {
  const id = num(raw.id) ?? num(raw.productId);
  const price = money(raw.price);
  const quantity = num(raw.quantity);
  if (id === null || price === null || quantity === null) return null;
  const original = money(raw.originalPrice);
  return {
    id,
    name: str(raw.name) ?? str(raw.title) ?? '',
    description: str(raw.description) ?? '',
    imageUrl: str(raw.imageUrl),
    availableNo: num(raw.availableNo) ?? num(raw.available),
    discountPercentage: num(raw.discountPercentage) ?? 0,
    price: price.amount,
    originalPrice: original?.amount ?? null,
    currency: price.currency ?? str(raw.currency) ?? '',
    quantity,
  };
}

export function toCart(data: unknown): Cart {
  const raw = (data ?? {}) as Raw;
  const items = (Array.isArray(raw.items) ? (raw.items as Raw[]) : []).map(toCartItem).filter((item): item is CartItem => item !== null);
  const totals = (raw.totals ?? null) as Raw | null;
  const total = num(totals?.totalAmount);
  const currency = str(totals?.currency);
  return {
    items,
    maxQuantity: num(raw.maxQuantity),
    totals: total !== null && currency ? { subtotal: num(totals?.subtotalAmount) ?? total, discount: num(totals?.discountAmount) ?? 0, total, currency } : null,
  };
}
