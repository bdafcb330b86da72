/**
 * The cart page's content (/myCart): each line with its quantity (1..limit), price and removal,
 * the totals in the tenant's price format, and the checkout. A guest is asked to sign in to check
 * out; the browser cart comes along (it merges on sign-in).
 */
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { CartIcon } from '@/components/ui/icons';
import { LazyImage } from '@/components/ui/lazy-image';
import { Skeleton } from '@/components/ui/skeleton';
import { browser } from '@/lib/browser';
import { formatPercent, formatPrice, priceDecimals } from '@/lib/formatters';
import { showGenericError } from '@/lib/feedback-dialogs';
import { showSnackbar } from '@/lib/snackbar';
import { newIdempotencyKey } from '@/lib/call-result';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { checkoutCart, type Shortage } from '../api/checkout-cart';
import { cartTotals } from '../cart-rules';
import { useCart } from '../hooks/use-cart';
import { CartChangedDialog } from './cart-changed-dialog';
import { QuantityStepper } from './quantity-stepper';


export function CartView({ onSignIn, returnUrl, emptyAction }: { onSignIn: () => void; returnUrl: string; emptyAction: React.ReactNode }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const decimals = usePortalStore((state) => priceDecimals(state.configs.priceFormat));
  const cart = useCart(t('cart.updateFailed'));
  const [checkingOut, setCheckingOut] = useState(false);
  const [shortage, setShortage] = useState<Shortage | null>(null);
  const price = (amount: number, currency: string) => formatPrice(amount, currency, lang, decimals);

  if (cart.error) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{t('cart.loadError')}</p>
        <Button onClick={() => void cart.refetch()}>{t('cart.retry')}</Button>
      </div>
    );
  }
  if (cart.loading) return <Skeleton className="h-40 w-full rounded-2xl" />;
  if (cart.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-border p-10 text-center">
        <CartIcon className="size-10 text-muted" />
        <p className="text-lg">{t('cart.empty')}</p>
        {emptyAction}
      </div>
    );
  }

  // The server's totals are what is charged; a guest's are computed the same way from the lines.
  const totals = cart.serverTotals ?? { ...cartTotals(cart.items.map((item) => ({ productId: item.id, quantity: item.quantity, unitAmount: item.price, originalAmount: item.originalPrice }))), currency: cart.items[0]?.currency ?? 'EUR' };
  const { currency, total } = totals;

  const checkout = async () => {
    if (!cart.signedIn) return onSignIn();
    setCheckingOut(true);
    try {
      const answer = await checkoutCart(returnUrl, lang, newIdempotencyKey());
      if (answer.ok && answer.url) return browser.assign(answer.url);
      if (answer.ok) showSnackbar(t('cart.checkoutDone'), 'success');
      // More of a line than is left: the cart changed (its dialog offers what is left); anything else failed (generic-error).
      else if (answer.shortage) setShortage(answer.shortage);
      else showGenericError({ messageKey: 'cart.checkoutFailed', status: answer.status, code: answer.code });
      void cart.refetch();
    } catch {
      showGenericError({ messageKey: 'cart.checkoutFailed' });
    } finally {
      setCheckingOut(false);
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <ul className="flex flex-col gap-3" aria-label={t('cart.items')}>
        {cart.items.map((item) => (
          <li key={item.id} data-testid="cart-item" data-product-id={item.id} className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl border border-border bg-surface p-3">
            <LazyImage src={item.imageUrl} alt="" errorLabel="" className="size-16 shrink-0 rounded-xl" />
            <div className="flex min-w-40 flex-1 flex-col">
              <span className="font-semibold break-words">{item.name}</span>
              <span className="text-sm text-muted tabular-nums">{t('cart.each', { price: price(item.price, item.currency) })}</span>
              {item.discountPercentage > 0 && <span className="text-xs font-semibold text-primary">{t('cart.saving', { percent: formatPercent(item.discountPercentage, lang) })}</span>}
            </div>
            <div className="flex w-full items-center justify-between gap-3 sm:w-auto sm:justify-end">
              <QuantityStepper value={item.quantity} max={cart.limitOf(item)} disabled={cart.busy} onChange={(value) => cart.setQuantity(item, value)} label={t('cart.quantityOf', { name: item.name })} />
              <span className="w-24 text-end font-bold tabular-nums">{price(item.price * item.quantity, item.currency)}</span>
              <Button variant="ghost" disabled={cart.busy} onClick={() => cart.remove(item)} aria-label={t('cart.removeItem', { name: item.name })}>
                {t('cart.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <aside className="flex h-fit flex-col gap-3 rounded-2xl border border-border bg-surface p-5" aria-label={t('cart.summary')}>
        <dl className="flex flex-col gap-2">
          <div className="flex justify-between gap-3">
            <dt>{t('cart.subtotal')}</dt>
            <dd className="tabular-nums">{price(totals.subtotal, currency)}</dd>
          </div>
          {totals.discount > 0 && (
            <div className="flex justify-between gap-3 text-primary">
              <dt>{t('cart.discount')}</dt>
              <dd className="tabular-nums">−{price(totals.discount, currency)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-3 border-t border-border pt-2 text-lg font-bold">
            <dt>{t('cart.total')}</dt>
            <dd className="tabular-nums" data-testid="cart-total">{price(total, currency)}</dd>
          </div>
        </dl>
        <Button disabled={checkingOut || cart.busy} onClick={() => void checkout()}>
          {checkingOut ? t('cart.loading') : cart.signedIn ? t('cart.checkout') : t('cart.signInToCheckout')}
        </Button>
        <p className="text-xs text-muted">{t('cart.codesByMail')}</p>
      </aside>
      <CartChangedDialog shortage={shortage} items={cart.items} busy={cart.busy} onClose={() => setShortage(null)} onSetQuantity={cart.setQuantity} onRemove={cart.remove} />
    </div>
  );
}
