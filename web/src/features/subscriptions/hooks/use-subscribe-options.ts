/**
 * What every subscribe flow is started with: the language and the page it starts on (use-subscribe-flow.ts binds the
 * flows to it). Its own module: the plans and account pages, which show without the commerce runtime and start their
 * flows through it on the press (issue 77 item 6), need it without the flows.
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useCurrentLanguage } from '@/lib/use-language';
import type * as Flow from '../flow';

export function useSubscribeOptions(): Flow.SubscribeOptions {
  const lang = useCurrentLanguage();
  const location = useLocation();
  const pageUrl = `${window.location.origin}${location.pathname}${location.search}`;
  return useMemo(() => ({ lang, pageUrl }), [lang, pageUrl]);
}

/** The flows a page shown without the commerce runtime starts (app/commerce-flows.ts). */
export type PlanFlows = Pick<typeof Flow, 'payAgainForPlan' | 'requestLogin' | 'startFreeTrial' | 'subscribeToPlan'>;

/** Runs `use` with the flows once the commerce runtime is there (the app's `withCommerce`). */
export type StartPlanFlow = (use: (flows: PlanFlows) => unknown) => void;
