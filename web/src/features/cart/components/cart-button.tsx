/**
 * The header's cart: a link to /myCart with the number of items in it (the browser's cart for a
 * guest, the server's for a signed-in user), so what "Add to cart" put there can be found again.
 */
import { Link } from 'react-router';
import { CartIcon } from '@/components/ui/icons';
import { formatNumber } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { useTranslation } from '@/lib/use-translation';
import { useServerCart } from '../api/get-cart';
import { useLocalCart } from '../local-cart';

export const MAX_CART_BADGE = 99;

export function CartButton() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const local = useLocalCart();
  const server = useServerCart();
  const items = signedIn ? (server.data?.items ?? []) : local;
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const shown = count > MAX_CART_BADGE ? `${formatNumber(MAX_CART_BADGE, lang)}+` : formatNumber(count, lang);
  const label = count > 0 ? t('cart.button', { count }) : t('cart.buttonEmpty');
  return (
    <Link
      to={localize('/myCart')}
      aria-label={label}
      title={label}
      data-testid="cart-button"
      className="relative inline-flex size-10 items-center justify-center rounded-full text-text hover:bg-bg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <CartIcon />
      {count > 0 && (
        <span aria-hidden="true" data-testid="cart-count" className="absolute end-0 -top-0.5 min-w-5 rounded-full bg-primary px-1 ring-2 ring-surface text-center text-xs leading-5 font-bold text-primary-contrast">
          {shown}
        </span>
      )}
    </Link>
  );
}
