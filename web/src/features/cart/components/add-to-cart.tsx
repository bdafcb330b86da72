/**
 * "Add to cart" for a voucher product, with its quantity (1..limit); guests fill the browser cart. A page with
 * another action on the same quantity (Buy now) passes `quantity` and shows its one stepper itself (issue 30).
 */
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { CartIcon } from '@/components/ui/icons';
import { showSnackbar } from '@/lib/snackbar';
import { useCart } from '../hooks/use-cart';
import type { CartItem } from '../cart-model';
import { QuantityStepper } from './quantity-stepper';

export function AddToCart({ product, quantity: given }: { product: Omit<CartItem, 'quantity'>; quantity?: number }) {
  const { t } = useTranslation();
  const cart = useCart(t('cart.updateFailed'));
  const limit = cart.limitOf(product);
  const [own, setQuantity] = useState(1);
  const quantity = Math.min(given ?? own, limit);
  const [busy, setBusy] = useState(false);
  const soldOut = product.availableNo === 0;
  const add = async () => {
    setBusy(true);
    try {
      await cart.add(product, quantity);
      showSnackbar(t('cart.added', { name: product.name }), 'success');
    } catch {
      showSnackbar(t('cart.updateFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  if (soldOut) return <p className="font-semibold text-muted">{t('cart.soldOut')}</p>;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="add-to-cart">
      {given === undefined && <QuantityStepper value={quantity} max={limit} onChange={setQuantity} label={t('cart.quantityOf', { name: product.name })} />}
      <Button variant="secondary" disabled={busy} onClick={() => void add()}>
        <CartIcon />
        {t('cart.add')}
      </Button>
    </div>
  );
}
