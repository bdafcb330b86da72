/**
 * "Your cart has changed" (commerce §2, custom feedback): the checkout was refused because the cart
 * holds more of a product than is left (409 NOT_ENOUGH_AVAILABLE). Says which line and how many are
 * left, and offers that many (or the line's removal when none are left); closing keeps the cart as
 * it is.
 */
import { isolated } from '@/lib/formatters';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { LazyDialogShell as DialogShell } from '@/components/ui/lazy-dialog-shell';
import type { Shortage } from '../checkout-outcome';
import type { CartItem } from '../cart-model';

interface CartChangedDialogProps {
  /** The refusal's product and what is left; null: closed. */
  shortage: Shortage | null;
  /** The cart's lines, to name the product and its quantity. */
  items: readonly CartItem[];
  busy: boolean;
  onClose: () => void;
  onSetQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
}

export function CartChangedDialog({ shortage, items, busy, onClose, onSetQuantity, onRemove }: CartChangedDialogProps) {
  const { t } = useTranslation();
  const item = shortage?.productId == null ? undefined : items.find((line) => line.id === shortage.productId);
  const left = shortage?.availableNo ?? null;
  // Only a line still in the cart with a known count can be offered; otherwise the dialog just says the cart changed.
  const offer = item && left !== null && left < item.quantity ? { item, left } : null;
  const text = !offer
    ? t('cart.notAvailable')
    : offer.left === 0
      ? t('cart.changed.soldOut', { name: isolated(offer.item.name) })
      : t('cart.changed.fewerLeft', { count: offer.left, name: isolated(offer.item.name), quantity: offer.item.quantity });
  return (
    <DialogShell open={shortage !== null} onOpenChange={(open) => !open && onClose()} title={t('dialogs.cartChanged.title')} description={text} closeLabel={t('dialogs.close')}>
      <div data-dialog="cart-changed" className="flex flex-wrap justify-end gap-2">
        {offer ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('dialogs.close')}
            </Button>
            <Button
              disabled={busy}
              onClick={() => {
                if (offer.left === 0) onRemove(offer.item);
                else onSetQuantity(offer.item, offer.left);
                onClose();
              }}
            >
              {offer.left === 0 ? t('cart.removeItem', { name: isolated(offer.item.name) }) : t('cart.changed.take', { count: offer.left })}
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>{t('dialogs.ok')}</Button>
        )}
      </div>
    </DialogShell>
  );
}
