/**
 * Entry points of the subscribe flow (commerce §4 "Which dialog opens on a subscribe request") and
 * the subscribe button (category of the path, decide dialog from the 3rd opening on).
 */
import { openDialog } from '@/lib/dialogs';
import { portalStore } from '@/lib/store';
import { marketingCampaign, navigateTo, requestLogin, subscribeToPlan, type SubscribeOptions } from './flow';
import { planCategories } from './plan-attributes';
import { decideSubscribeDialog, subscribeDialogTarget, tenantFlags } from './subscribe-rules';
import { setFlow, subscriptionStore } from './store';
import { usableAmount } from './subscription-state';

export interface SubscribeRequest {
  /** Limit the offer to plans of this category (ment_category). */
  category?: string | null;
  /** The content type of the item that asked; plans covering it are offered. */
  contentType?: string | null;
  /** Explicit plan ids. */
  planIds?: number[];
}

/** The plans a request offers, from the store's visible plans. */
export function offeredPlans(request: SubscribeRequest) {
  const { types } = subscriptionStore.getState();
  return types.filter((type) => {
    if (request.planIds) return request.planIds.includes(type.id);
    if (request.category && !planCategories(type).includes(request.category)) return false;
    if (request.contentType) {
      const covering = type.contingents.length === 0 || usableAmount(type.contingents, request.contentType) !== 0;
      if (!covering) return false;
    }
    return true;
  });
}

export function requestSubscribe(request: SubscribeRequest, options: SubscribeOptions, subscriptionPath: string): void {
  const portal = portalStore.getState();
  const plans = offeredPlans(request);
  const decision = decideSubscribeDialog({
    flags: tenantFlags(portal.configs.features),
    guest: portal.role !== 'user',
    hasMarketingCampaign: marketingCampaign() !== null,
    plans,
    contentType: request.contentType ?? null,
  });
  switch (decision.kind) {
    case 'login':
      if (decision.options) openDialog('login-options');
      else requestLogin(plans.length === 1 && plans[0] ? { subTypeId: plans[0].id } : {});
      return;
    case 'subscribe':
      void subscribeToPlan(decision.typeId, options);
      return;
    case 'navigate':
      navigateTo(subscriptionPath);
      return;
    case 'popup':
      setFlow({ popup: { variant: decision.variant, category: request.category ?? null, planIds: plans.map((p) => p.id), contentType: request.contentType ?? null } });
      openDialog('subscribe');
      return;
    case 'none':
      openDialog('subscribe-decide');
      return;
  }
}

/** The subscribe button: the subscribe dialog for the path's category, or the decide dialog. */
export function openSubscribeButton(category: string | null, options: SubscribeOptions, subscriptionPath: string): void {
  const { flow } = subscriptionStore.getState();
  const target = subscribeDialogTarget(flow.subscribeOpenings, category);
  setFlow({ subscribeOpenings: flow.subscribeOpenings + 1 });
  if (target === 'decide') {
    openDialog('subscribe-decide');
    return;
  }
  requestSubscribe({ category }, options, subscriptionPath);
}
