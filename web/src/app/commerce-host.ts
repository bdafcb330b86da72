/**
 * Hands the purchases and cart features what they cannot own (issue 12): sign-in and subscribing
 * (subscriptions), the inactive-subscription dialog, where a checkout returns, what follows an
 * article bought through a checkout (download or play), and the guest cart's merge on sign-in.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { getHref } from '@/config/paths';
import { slugify } from '@/config/content-paths';
import { useGuestCartMerge } from '@/features/cart/hooks/use-guest-cart-merge';
import { getArticleQueryOptions } from '@/features/catalog/api/get-article';
import { startGame } from '@/features/games/play';
import { afterPurchase, checkAndConsume, configurePurchaseFlow } from '@/features/purchases/flow';
import { requestLogin } from '@/features/subscriptions/flow';
import { useSubscribeFlow } from '@/features/subscriptions/hooks/use-subscribe-flow';
import { onArticlePurchased, onCartReturn, onResumePurchase } from '@/features/subscriptions/purchase-return';
import { currentReturnUrl } from '@/features/subscriptions/return-url';
import { setFlow, subscriptionDataLoaded, subscriptionStore, typeById } from '@/features/subscriptions/store';
import { usedCredits } from '@/features/subscriptions/subscription-state';
import { setVoucherState } from '@/features/vouchers/store';
import { purchaseReason, voucherFeedback } from '@/features/vouchers/voucher-feedback';
import { openDialog } from '@/lib/dialogs';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { playAudio, usePlayerHost } from './player-host';

export function useCommerceHost(): void {
  const queryClient = useQueryClient();
  const lang = useCurrentLanguage();
  const { subscribe } = useSubscribeFlow();
  useGuestCartMerge();
  usePlayerHost();
  const navigate = useNavigate();
  const localize = useLocalizePath();

  useEffect(() => {
    configurePurchaseFlow({
      queryClient,
      login: (resume) => requestLogin(resume),
      inactiveSubscription: (subscription) => {
        setFlow({ inactive: { typeId: subscription.typeId } });
        openDialog('inactive-subscription');
      },
      subscribe: (typeId) => void subscribe(typeId),
      returnUrl: currentReturnUrl,
      lang: () => lang,
      playAudio,
      // The stream page asks for the stream itself; `consume` tells it a credit was confirmed.
      watchVideo: (article, { consume }) => void navigate(localize(getHref('video-stream-name-id', { name: slugify(article.title) || 'video', id: article.id })), { state: { consume } }),
      playGame: (article, { consume }) => void startGame(article, { consume }),
      articleTitle: async (id) => (await queryClient.query(getArticleQueryOptions(id, lang))).title,
      usedCredits: async (contentType) => {
        await subscriptionDataLoaded();
        return usedCredits(subscriptionStore.getState().subscriptions, contentType, typeById, lang);
      },
    });
  }, [queryClient, lang, subscribe, navigate, localize]);

  useEffect(() => {
    onArticlePurchased((action) => {
      // The purchased popup names what was bought once the catalog answers (issue 72 item 16).
      if (action.effect === 'purchased-download' || action.effect === 'purchased') {
        void queryClient.query(getArticleQueryOptions(action.articleId, lang)).then(
          ({ title }) => {
            const shown = subscriptionStore.getState().flow.purchased;
            if (title && shown?.articleId === action.articleId) setFlow({ purchased: { ...shown, title } });
          },
          () => undefined, // unknown now: the popup keeps its general thanks
        );
      }
      const effect = action.effect === 'purchased-download' || action.effect === 'download' ? 'download' : action.effect === 'play' ? 'play' : 'none';
      // CHALLENGE only clears its parameters (done by the purchase-return hook).
      if (action.effect !== 'clear') void afterPurchase(action.articleId, action.purchaseType, effect);
    });
    return () => onArticlePurchased(null);
  }, [queryClient, lang]);

  useEffect(() => {
    // Back from a sign-in a guest's Buy, Play or Download started: the purchase check runs again, now as the user.
    onResumePurchase(({ articleId, intent }) => {
      void queryClient.query(getArticleQueryOptions(articleId, lang)).then(
        (article) => checkAndConsume({ id: article.id, title: article.title, contentType: article.contentType, collectionId: article.collectionInfo.articleId ?? null }, intent),
        () => undefined, // gone meanwhile: the page says so
      );
    });
    return () => onResumePurchase(null);
  }, [queryClient, lang]);

  useEffect(() => {
    // Back from the cart's checkout: the voucher feedback; a paid cart is empty now.
    onCartReturn((action) => {
      // A declined card says so (issue 30), not "something went wrong".
      setVoucherState({ purchase: { feedback: voucherFeedback(action.voucherStatus), kind: 'cart', codes: 0, mailedTo: null, reason: purchaseReason(action.error) } });
      openDialog('voucher-feedback');
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: ['vouchers', 'product'] }); // the codes held
    });
    return () => onCartReturn(null);
  }, [queryClient]);
}
