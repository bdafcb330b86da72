/** Voucher answers (docs/contracts.md "Vouchers and cart"). */
import type { ApiData } from '@/lib/api-schema';

export type RedeemResult = ApiData<'postBackendVoucherConsumptionSubscription'>;

export interface VoucherOrder {
  voucherStatus: number;
  orderId: string;
  voucherId: number;
  quantity: number;
  codes: number;
  price: { amount: number; currency: string };
  mailedTo: string;
}
