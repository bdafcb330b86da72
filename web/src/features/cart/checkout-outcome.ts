/**
 * How the checkout went (api/checkout-cart.ts): the hosted payment page to open, or the refusal's
 * status and code. `shortage` is set on the one refusal that means "the cart has changed" (409
 * NOT_ENOUGH_AVAILABLE): which product the cart holds more of than is left, and how many are left
 * (null where the answer did not say).
 */
export interface Shortage {
  productId: number | null;
  availableNo: number | null;
}

export type CheckoutOutcome = { ok: true; url: string | null } | { ok: false; status: number; code: string | null; shortage: Shortage | null };
