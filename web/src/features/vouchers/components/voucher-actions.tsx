/**
 * On a voucher or voucher book page: buy now (the codes come by mail), mail my codes again, and
 * redeem a code. Guests are asked to sign in first.
 */
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { TicketIcon } from '@/components/ui/icons';
import { openDialog } from '@/lib/dialogs';
import { formatDigits } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { newIdempotencyKey } from '@/lib/call-result';
import { buyVoucher } from '../api/buy-voucher';
import { resendVoucher } from '../api/resend-voucher';
import { setVoucherState } from '../store';
import { feedbackOfAnswer, purchaseReason } from '../voucher-feedback';

/** "Buy now" charges the card saved at an earlier checkout (the tenant's `card` payment option). */
const SAVED_CARD_OPTION = 'card';

interface Props {
  productId: number;
  limit: number;
  onSignIn: () => void;
  /** No saved card yet: buy through the cart's hosted checkout instead. */
  onCheckout: (quantity: number) => void;
}

export function VoucherActions({ productId, limit, onSignIn, onCheckout }: Props) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const id = useId();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);

  const run = async (kind: 'buy' | 'resend') => {
    if (!signedIn) return onSignIn();
    setBusy(true);
    try {
      const answer = kind === 'buy' ? await buyVoucher(productId, quantity, SAVED_CARD_OPTION, newIdempotencyKey()) : await resendVoucher(productId);
      if (answer.code === 'NO_SAVED_PAYMENT_METHOD') return onCheckout(quantity);
      setVoucherState({ purchase: { feedback: feedbackOfAnswer(answer), kind, codes: answer.data?.codes ?? 0, mailedTo: answer.data?.mailedTo ?? null, reason: purchaseReason(answer.code) } });
      openDialog('voucher-feedback');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="voucher-actions">
      <label htmlFor={id} className="sr-only">
        {t('vouchers.quantity')}
      </label>
      <select id={id} value={quantity} onChange={(event) => setQuantity(Number(event.target.value))} className="h-10 rounded-xl border border-border bg-bg px-3">
        {Array.from({ length: Math.max(1, limit) }, (_, index) => index + 1).map((value) => (
          <option key={value} value={value}>
            {formatDigits(value, lang)}
          </option>
        ))}
      </select>
      <Button disabled={busy} onClick={() => void run('buy')}>
        {busy ? t('vouchers.loading') : t('vouchers.buyNow')}
      </Button>
      {signedIn && (
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
