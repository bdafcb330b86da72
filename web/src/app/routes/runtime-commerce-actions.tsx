/**
 * What a details page offers to buy or play where the page needs the commerce flows as it shows
 * (issue 12, 13, 30): for vouchers and voucher books buy now, add to cart and redeem a code; for
 * games the button by state and the game dialogs; for marketplace apps the stores' links or Buy.
 * Part of the commerce runtime (commerce-runtime.tsx), which such a page loads with it
 * (details-commerce.ts); audio and video are commerce-actions.tsx's own.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { AddToCart } from '@/features/cart/components/add-to-cart';
import { QuantityStepper } from '@/features/cart/components/quantity-stepper';
import { useCart } from '@/features/cart/hooks/use-cart';
import type { CartItem } from '@/features/cart/cart-model';
import { maxQuantityOf, quantityLimit } from '@/features/cart/cart-rules';
import type { ArticleDetails } from '@/features/catalog/types';
import { GameActions } from '@/features/games/components/game-actions';
import { checkAndConsume } from '@/features/purchases/flow';
import { requestLogin } from '@/features/subscriptions/flow';
import { VoucherActions } from '@/features/vouchers/components/voucher-actions';
import { VoucherGrant } from '@/features/vouchers/components/voucher-grant';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useLocalizePath } from '@/lib/use-language';
import { useVoucherbookEligibility } from '@/features/subscriptions/api/get-voucherbook-eligibility';
import { useRoutePage } from '../route-handle';
import { AppActions } from './app-actions';
import { GAMES, VOUCHERS } from './details-commerce';
import { signInToPlayFree } from './sign-in-free';
import { grantedPlan } from './voucher-plan';

function numberProp(article: ArticleDetails, key: string): number | null {
  const value = article.customProperties[key];
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
  // Voucherbook eligibility (commerce §6): a user who already holds the plan these codes grant is told so before buying.
  const tenant = usePortalStore((state) => state.tenant);
  const signedIn = usePortalStore((state) => state.role === 'user');
  const held = useVoucherbookEligibility(grantedPlan(article, tenant), signedIn).data === true;
  // One quantity for Buy now and Add to cart (issue 30: the page had a select and a stepper).
  const limit = quantityLimit(maxQuantity, product.availableNo);
  const [quantity, setQuantity] = useState(1);
  const soldOut = product.availableNo === 0;
  return (
    <div className="flex flex-col gap-3" data-testid="voucher-commerce">
      <VoucherGrant productId={article.id} />
      {held && (
        <p role="note" data-testid="voucher-plan-held" className="rounded-xl border border-primary/40 bg-surface px-4 py-3 text-sm">
          {t('vouchers.alreadyHeld')}
        </p>
      )}
      {!soldOut && <QuantityStepper value={Math.min(quantity, Math.max(1, limit))} max={Math.max(1, limit)} onChange={setQuantity} label={t('cart.quantityOf', { name: product.name })} />}
      <VoucherActions productId={article.id} quantity={Math.min(quantity, Math.max(1, limit))} onSignIn={() => requestLogin()} onCheckout={checkout} />
      <AddToCart product={product} quantity={Math.min(quantity, Math.max(1, limit))} />
    </div>
  );
}

/** The actions of a voucher, voucher book, game or app (details-commerce.ts: `actionsNeedRuntime`). */
export function RuntimeCommerceActions({ article }: { article: ArticleDetails }) {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const free = signInToPlayFree(article, signedIn);
  const arcade = useRoutePage() === 'arcadeDetails';
  if (VOUCHERS.has(article.contentType)) {
    const price = article.prices.find((entry) => entry.amount > 0) ?? article.prices[0];
    if (!price) return null;
    const product = {
      id: article.id,
      name: article.title,
      description: article.description,
      imageUrl: article.imageUrl ?? null,
      availableNo: numberProp(article, 'availableNo'),
      discountPercentage: numberProp(article, 'discountPercentage') ?? 0,
      price: price.amount,
      originalPrice: null,
      currency: price.currency,
    };
    return <VoucherCommerce article={article} product={product} />;
  }
  // Games (issue 13): the button by state, the leaderboard and the game dialogs; the purchase check stays the purchases flow's.
  if (GAMES.has(article.contentType)) {
    const ref = { id: article.id, title: article.title, contentType: article.contentType, collectionId: null };
    return <GameActions article={article} free={free} arcade={arcade} onPurchaseCheck={(intent) => void checkAndConsume(ref, intent)} onSignIn={() => requestLogin()} />;
  }
  // Marketplace apps (issue 30): the stores' links for a free or owned app, else Buy through the single purchase.
  if (article.contentType === 'app') return <AppActions article={article} />;
  return null;
}
