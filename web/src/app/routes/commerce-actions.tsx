/**
 * What a details page offers to consume or buy (issue 12): "play in full" / "download" behind the
 * purchase check for playable and downloadable items, and for vouchers and voucher books: buy now,
 * add to cart and redeem a code.
 */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AddToCart } from '@/features/cart/components/add-to-cart';
import { useCart } from '@/features/cart/hooks/use-cart';
import type { CartItem } from '@/features/cart/types';
import { maxQuantityOf, quantityLimit } from '@/features/cart/cart-rules';
import { isFreeForGuests } from '@/features/catalog/article-meta';
import type { ArticleDetails } from '@/features/catalog/types';
import { ConsumeActions } from '@/features/purchases/components/consume-actions';
import { consumesOnDetails } from '@/features/purchases/purchase-types';
import { requestLogin } from '@/features/subscriptions/flow';
import { VoucherActions } from '@/features/vouchers/components/voucher-actions';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useLocalizePath } from '@/lib/use-language';

const VOUCHERS = new Set(['voucher', 'voucherbook']);

function numberProp(article: ArticleDetails, key: string): number | null {
  const value = article.customProperties?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A voucher product: buy now (a saved card), else through the cart's checkout; add to cart; redeem. */
function VoucherCommerce({ article, product }: { article: ArticleDetails; product: Omit<CartItem, 'quantity'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const cart = useCart(t('cart.updateFailed'));
  const maxQuantity = usePortalStore((state) => maxQuantityOf(state.configs.features));
  const checkout = (quantity: number) => {
    cart
      .add(product, quantity)
      .then(() => navigate(localize('/myCart')))
      .catch(() => showSnackbar(t('cart.updateFailed'), 'error'));
  };
  return (
    <div className="flex flex-col gap-3">
      <VoucherActions productId={article.id} limit={quantityLimit(maxQuantity, product.availableNo)} onSignIn={() => requestLogin()} onCheckout={checkout} />
      <AddToCart product={product} />
    </div>
  );
}

export function CommerceActions({ article }: { article: ArticleDetails }) {
  const signedIn = usePortalStore((state) => state.role === 'user');
  if (VOUCHERS.has(article.contentType)) {
    const price = article.prices?.find((entry) => entry.amount > 0) ?? article.prices?.[0];
    if (!price) return null;
    const product = {
      id: article.id,
      name: article.title,
      description: article.description ?? '',
      imageUrl: article.imageUrl ?? null,
      availableNo: numberProp(article, 'availableNo'),
      discountPercentage: numberProp(article, 'discountPercentage') ?? 0,
      price: price.amount,
      originalPrice: null,
      currency: price.currency,
    };
    return <VoucherCommerce article={article} product={product} />;
  }
  if (!consumesOnDetails(article.contentType)) return null;
  // Online games keep the catalog's own play button when free (guests play them too) and for guests (it asks them to sign in).
  if (article.contentType === 'online_game' && (isFreeForGuests(article) || !signedIn)) return null;
  return <ConsumeActions article={{ id: article.id, title: article.title, contentType: article.contentType, collectionId: article.collectionInfo?.articleId ?? null }} />;
}
