/**
 * The cart the client shows (commerce §3 cart item): a guest's lines kept in the browser, or the
 * server's cart answer read into the same lines (api/normalize.ts). Not an answer shape: the wire
 * types are in types.ts.
 */
export interface CartItem {
  /** The voucher product's article id. */
  id: number;
  name: string;
  description: string;
  imageUrl: string | null;
  /** How many are left; null = no limit. */
  availableNo: number | null;
  discountPercentage: number;
  /** One unit, minor units. */
  price: number;
  /** One unit before the saving, when there is one. */
  originalPrice: number | null;
  currency: string;
  quantity: number;
}

export interface Cart {
  items: CartItem[];
  maxQuantity: number | null;
  /** The server's totals, when it sent them (its total is the one charged). */
  totals: { subtotal: number; discount: number; total: number; currency: string } | null;
}
