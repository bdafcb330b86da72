/** The subscribe flow bound to the current language and page. */
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { splitLanguagePrefix } from '@/config/paths';
import { useLocalizePath } from '@/lib/use-language';
import { confirmPlanSwitch, payAgainForPlan, startFreeTrial, subscribeToPlan } from '../flow';
import { openSubscribeButton, requestSubscribe, type SubscribeRequest } from '../request-subscribe';
import { pathBefore } from '@/lib/previous-path';
import { subscribeButtonCategory } from '../subscribe-rules';
import { useSubscribeOptions } from './use-subscribe-options';

export function useSubscribeFlow() {
  const localize = useLocalizePath();
  const location = useLocation();
  const options = useSubscribeOptions();
  const subscriptionPath = localize('/subscription');
  const previous = pathBefore(location.pathname);
  const category = subscribeButtonCategory(splitLanguagePrefix(location.pathname).path, previous === null ? null : splitLanguagePrefix(previous).path);
  return {
    subscribe: useCallback((typeId: number) => subscribeToPlan(typeId, options), [options]),
    trial: useCallback((typeId: number) => startFreeTrial(typeId, options), [options]),
    /** "Pay now" on a plan held for a failed renewal: another card or the mobile bill (issue 72 item 4). */
    payAgain: useCallback((held: { id: string; typeId: number }) => payAgainForPlan(held, options), [options]),
    request: useCallback((request: SubscribeRequest) => requestSubscribe(request, options, subscriptionPath), [options, subscriptionPath]),
    openButton: useCallback(() => openSubscribeButton(category, options, subscriptionPath), [category, options, subscriptionPath]),
    confirmSwitch: useCallback(() => confirmPlanSwitch(options), [options]),
    options,
  };
}
