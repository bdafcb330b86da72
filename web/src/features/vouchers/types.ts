/** Voucher answers (docs/contracts.md "Vouchers and cart"). */
export interface RedeemResult {
  voucherStatus: number;
  subscriptionTypeId: number;
  subscription: { id: string; typeId: number; state: string; startDate: string; endDate: string | null };
}

export interface VoucherOrder {
  voucherStatus: number;
  orderId: string;
  voucherId: number;
  quantity: number;
  codes: number;
  price: { amount: number; currency: string };
  mailedTo: string;
}
