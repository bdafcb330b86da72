/**
 * On a voucher or voucher book page: buy now (the codes come by mail), mail my codes again, and
 * redeem a code. Guests are asked to sign in first.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { TicketIcon } from '@/components/ui/menu-icons';
import { openDialog } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import { newIdempotencyKey } from '@/lib/call-result';
import { buyVoucher } from '../api/buy-voucher';
import { useVoucherProduct } from '../api/get-voucher-product';
import { resendVoucher } from '../api/resend-voucher';
import { setVoucherState } from '../store';
import { feedbackOfAnswer, purchaseReason } from '../voucher-feedback';

/** "Buy now" charges the card saved at an earlier checkout (the tenant's `card` payment option). */
const SAVED_CARD_OPTION = 'card';

interface Props {
  productId: number;
  /** The page's one quantity (its stepper is shared with Add to cart, issue 30). */
  quantity: number;
  onSignIn: () => void;
  /** No saved card yet: buy through the cart's hosted checkout instead. */
  onCheckout: (quantity: number) => void;
}

export function VoucherActions({ productId, quantity, onSignIn, onCheckout }: Props) {
  const { t } = useTranslation();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  // Only codes the customer bought and can still redeem are mailed again (issue 47 item 12).
  const holdsCodes = (useVoucherProduct(productId).data?.codesHeld ?? 0) > 0;

  const run = async (kind: 'buy' | 'resend') => {
    if (!signedIn) return onSignIn();
    setBusy(true);
    try {
      const answer = kind === 'buy' ? await buyVoucher(productId, quantity, SAVED_CARD_OPTION, newIdempotencyKey()) : await resendVoucher(productId);
      if (answer.code === 'NO_SAVED_PAYMENT_METHOD') return onCheckout(quantity);
      // Bought codes are held now: "Email my codes again" appears.
      if (kind === 'buy') void queryClient.invalidateQueries({ queryKey: ['vouchers', 'product', productId] });
      setVoucherState({ purchase: { feedback: feedbackOfAnswer(answer), kind, codes: answer.data?.codes ?? 0, mailedTo: answer.data?.mailedTo ?? null, reason: purchaseReason(answer.code) } });
      openDialog('voucher-feedback');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="voucher-actions">
      <Button disabled={busy} onClick={() => void run('buy')}>
        {busy ? t('vouchers.loading') : t('vouchers.buyNow')}
      </Button>
      {signedIn && holdsCodes && (
        <Button variant="ghost" disabled={busy} onClick={() => void run('resend')}>
          {t('vouchers.resend')}
        </Button>
      )}
      <Button variant="ghost" onClick={() => (signedIn ? openDialog('redeem') : onSignIn())}>
        <TicketIcon />
        {t('vouchers.redeemCode')}
      </Button>
    </div>
  );
}
