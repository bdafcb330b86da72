/** Voucher answers, from the generated OpenAPI types (docs/openapi.json; docs/contracts.md "Vouchers and cart"). */
import type { ApiData } from '@/lib/api-schema';

export type RedeemResult = ApiData<'postBackendVoucherConsumptionSubscription'>;
/** POST /voucher/consumption/voucher and /voucher/resend/voucher. */
export type VoucherOrder = ApiData<'postBackendVoucherConsumptionVoucher'>;
export type VoucherProduct = ApiData<'getBackendVoucherProductId'>;
