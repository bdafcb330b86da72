/** "Add to cart" for a voucher product, with its quantity (1..limit); guests fill the browser cart. */
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { CartIcon } from '@/components/ui/icons';
import { showSnackbar } from '@/lib/snackbar';
import { useCart } from '../hooks/use-cart';
import type { CartItem } from '../cart-model';
import { QuantityStepper } from './quantity-stepper';

export function AddToCart({ product }: { product: Omit<CartItem, 'quantity'> }) {
  const { t } = useTranslation();
  const cart = useCart(t('cart.updateFailed'));
  const limit = cart.limitOf(product);
  const [quantity, setQuantity] = useState(1);
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
      <QuantityStepper value={Math.min(quantity, limit)} max={limit} onChange={setQuantity} label={t('cart.quantityOf', { name: product.name })} />
      <Button variant="secondary" disabled={busy} onClick={() => void add()}>
        <CartIcon />
        {t('cart.add')}
      </Button>
    </div>
  );
}
