/**
 * /myCart: the cart (server's when signed in, the browser's for a guest) with quantity rules,
 * totals in the tenant's price format and the checkout; a guest signs in to check out and the
 * cart comes along.
 */
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-class';
import { CartView } from '@/features/cart/components/cart-view';
import { requestLogin } from '@/features/subscriptions/flow';
import { useLocalizePath } from '@/lib/use-language';
import { currentReturnUrl } from '../commerce-host';
import { PageFrame } from './page-frame';

export default function MyCartPage() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <PageFrame wide>
      <CartView
        onSignIn={() => requestLogin()}
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
