/**
 * Cart rules (commerce §5, §9): a quantity is a whole number from 1 to maxQuantity (the tenant's
 * feature, default 10), and never more than what is available; a guest's cart merges into the
 * server cart on sign-in (same product: quantities add up, within the bounds); totals in minor units.
 */
export const DEFAULT_MAX_QUANTITY = 10;

export function maxQuantityOf(features: Record<string, unknown> | undefined): number {
  const value = features?.maxQuantity;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : DEFAULT_MAX_QUANTITY;
}

/** The upper bound for one product: maxQuantity, or fewer when fewer are available. */
export function quantityLimit(maxQuantity: number, available: number | null | undefined): number {
  return available != null && available >= 1 ? Math.min(maxQuantity, Math.floor(available)) : maxQuantity;
}

export function clampQuantity(quantity: number, limit: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(Math.max(1, Math.trunc(quantity)), Math.max(1, limit));
}

export interface CartLine {
  productId: number;
  quantity: number;
}

/**
 * The guest's lines merged into the server's: quantities of the same product add up and are
 * clamped to maxQuantity; products only one side has are kept. Server order first.
 */
export function mergeCartLines(server: readonly CartLine[], guest: readonly CartLine[], maxQuantity: number): CartLine[] {
  const merged = new Map<number, number>();
  for (const line of [...server, ...guest]) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity: clampQuantity(quantity, maxQuantity) }));
}

/** Lines the guest brought that change the server cart: what to send after sign-in. */
export function mergeChanges(server: readonly CartLine[], guest: readonly CartLine[], maxQuantity: number): CartLine[] {
  const before = new Map(server.map((line) => [line.productId, line.quantity]));
  return mergeCartLines(server, guest, maxQuantity).filter((line) => before.get(line.productId) !== line.quantity);
}

export interface PricedLine extends CartLine {
  /** What one unit costs, minor units (a voucher book's saving already in it). */
  unitAmount: number;
  /** One unit before the saving (a book's vouchers one by one), when higher. */
  originalAmount?: number | null;
}

export interface CartTotals {
  subtotal: number;
  discount: number;
  total: number;
  count: number;
}

/** Subtotal before savings, the savings, and what is paid: unit × quantity summed. */
export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  let subtotal = 0;
  let total = 0;
  let count = 0;
  for (const line of lines) {
    const original = Math.max(line.unitAmount, line.originalAmount ?? line.unitAmount);
    subtotal += original * line.quantity;
    total += line.unitAmount * line.quantity;
    count += line.quantity;
  }
  return { subtotal, discount: subtotal - total, total, count };
}
