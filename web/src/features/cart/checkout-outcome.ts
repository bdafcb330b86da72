/** How the checkout went (api/checkout-cart.ts): the hosted payment page to open, or the refusal's status, code and field. */
export type CheckoutOutcome = { ok: true; url: string | null } | { ok: false; status: number; code: string | null; field: string | null };
