/**
 * Purchase-return handling on any page (commerce §2, §4): reads the parameters, acts, keeps the
 * marketing campaign, and removes the consumed parameters from the address (history replace).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useLocation, useNavigate } from 'react-router';
import { openDialog } from '@/lib/dialogs';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { reloadSubscriptions, saveMarketingCampaign, showFeedback } from '../flow';
import { notifyArticlePurchased, notifyCartReturn, notifyResumePurchase, readPurchaseReturn, withoutParams } from '../purchase-return';
import { setFlow } from '../store';
import { useSubscribeFlow } from './use-subscribe-flow';

export function usePurchaseReturn(): void {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const role = usePortalStore((state) => state.role);
  const { subscribe } = useSubscribeFlow();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!location.search || handled.current === location.key + location.search) return;
    const { action, consumed, marketingCampaign } = readPurchaseReturn(location.search);
    if (marketingCampaign) saveMarketingCampaign(marketingCampaign);
    if ((action.kind === 'resume-subscribe' || action.kind === 'resume-purchase') && role !== 'user') return;
    handled.current = location.key + location.search;
    if (consumed.length > 0) {
      void navigate({ pathname: location.pathname, search: withoutParams(location.search, consumed), hash: location.hash }, { replace: true, preventScrollReset: true });
    }
    switch (action.kind) {
      case 'feedback':
        if (action.reload) void reloadSubscriptions();
        if (action.purchased) {
          setFlow({ purchased: { subTypeId: action.subTypeId, article: action.article } });
          openDialog('purchased-popup');
        } else {
          showFeedback(action.status, { message: action.message, code: action.code, subTypeId: action.subTypeId });
        }
        return;
      case 'article-purchased':
        // Music and other bought items say so in the purchased popup; the app's purchases side downloads or plays.
        if (action.effect === 'purchased-download' || action.effect === 'purchased') {
          setFlow({ purchased: { subTypeId: null, article: true, articleId: action.articleId, title: null } });
          openDialog('purchased-popup');
        }
        notifyArticlePurchased(action);
        return;
      case 'cart-return':
        notifyCartReturn(action);
        return;
      case 'cancelled':
        showSnackbar(t('subscription.feedback.cancelled'), 'info');
        return;
      case 'login-subscription-error':
        openDialog('login-subscription-error');
        return;
      case 'resume-subscribe':
        void subscribe(action.subTypeId);
        return;
      case 'resume-purchase':
        notifyResumePurchase(action);
        return;
      case 'none':
        return;
    }
  }, [location, navigate, role, subscribe, t]);
}
