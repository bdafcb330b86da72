/**
 * The refund action of a payment on the customer's page (owner: helper "refunds"; this stub renders
 * nothing until that helper replaces the file). Amounts in minor units.
 */
import type { JSX } from 'react';

export function PaymentActions(p: { userId: string; payment: { id: string; amount: number; refunded: number; currency: string; status: string }; onDone: () => void }): JSX.Element | null {
  void p;
  return null;
}
