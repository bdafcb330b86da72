/** The cart calls' wire types, from the generated OpenAPI types (docs/openapi.json; docs/contracts.md "Vouchers and cart"). */
import type { ApiBody, ApiData } from '@/lib/api-schema';

/** GET /cart, and the answer of every cart change. */
export type CartAnswer = ApiData<'getBackendCart'>;
export type CartAnswerItem = CartAnswer['items'][number];
export type CartLineBody = ApiBody<'putBackendCartItemsProductId'>;
export type MergeBody = ApiBody<'postBackendCartMerge'>;
export type CheckoutBody = ApiBody<'postBackendCartCheckout'>;
export type CheckoutStarted = ApiData<'postBackendCartCheckout'>;
