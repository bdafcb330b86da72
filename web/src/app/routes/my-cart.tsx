/**
 * /myCart: the cart (server's when signed in, the browser's for a guest) with quantity rules,
 * totals in the tenant's price format and the checkout; a guest signs in to check out and the
 * cart comes along. The page shows without the commerce runtime: sign-in starts through it on the press
 * (`withCommerce`, issue 77 item 6).
 */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-class';
import { CartView } from '@/features/cart/components/cart-view';
import { currentReturnUrl } from '@/features/subscriptions/return-url';
import { useLocalizePath } from '@/lib/use-language';
import { withCommerce } from '../commerce-loader';
import { PageFrame } from './page-frame';

export default function MyCartPage() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <PageFrame wide>
      <CartView
        onSignIn={() => withCommerce((flows) => flows.requestLogin())}
        returnUrl={currentReturnUrl()}
        emptyAction={
          <Link to={localize('/vouchers')} className={buttonClass('primary')}>
            {t('cart.browseVouchers')}
          </Link>
        }
      />
    </PageFrame>
  );
}
