/**
 * The subscribe flow (commerce §4): subscribe, run the checkout's payment options, the API flow,
 * map results to dialogs, cancel. Not React: components call it through hooks/use-subscribe-flow.
 * The app hands over what a feature cannot own: how to sign in and how to navigate.
 */
import type { QueryClient } from '@tanstack/react-query';
import { browser } from '@/lib/browser';
import { SUBSCRIPTION_FLOW_DIALOGS, closeDialog, openDialog } from '@/lib/dialogs';
import { portalStore } from '@/lib/store';
import { newIdempotencyKey } from '@/lib/call-result';
import { payAgain } from './api/pay-again';
import { subscribe, type SubscribeBody } from './api/subscribe';
import { subscribeToFreeTrial } from './api/subscribe-free-trial';
import { subscriptionApiFlow, type ApiFlowBody, type ApiFlowData } from './api/subscription-api-flow';
import type { CallResult } from '@/lib/call-result';
import { MARKETING_CAMPAIGN_KEY } from './purchase-return';
import { mapSubscribeResult, operatorOption, premiumPlanIds, subscribeReturnUrl, tenantFlags, validSubscribeInput, type SubscribeOutcome } from './subscribe-rules';
import { setFlow, subscriptionStore, typeById } from './store';
import type { CheckoutAnswer, PaymentOption } from './types';

export const UPGRADE_TO_KEY = 'upgradeTo';

export interface FlowHost {
  queryClient: QueryClient | null;
  /** Sign in and come back to the current page with these parameters (commerce §2: a plan, or an article and what was pressed). */
  login: (params: LoginReturn) => void;
  /** In-app navigation to a path (already localised by the caller when needed). */
  navigate: (path: string) => void;
}

let host: FlowHost = { queryClient: null, login: () => undefined, navigate: (path) => browser.assign(path) };

export function configureSubscriptionFlow(next: FlowHost): void {
  host = next;
}

/** The login return parameters (commerce §2) a flow resumes from. */
export interface LoginReturn {
  subTypeId?: number;
  articleId?: number;
  purchaseType?: string;
  typeID?: string;
}

export function requestLogin(params: LoginReturn = {}): void {
  host.login(params);
}

export function navigateTo(path: string): void {
  host.navigate(path);
}

/**
 * Reloads the user's subscriptions and trial eligibility (after a success), and the entitlement answers the
 * page shows: a plan gained or ended changes what its buttons offer (a details page's Subscribe became Play
 * only after a reload when the plan came from a flow without one, as the operator's on noor).
 */
export function reloadSubscriptions(): Promise<void> {
  return (
    host.queryClient?.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === 'subscriptions' || queryKey[0] === 'purchases' }) ??
    Promise.resolve()
  );
}

function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // storage unavailable: the flow works without it
  }
}

export function marketingCampaign(): Record<string, string> | null {
  const raw = readSession(MARKETING_CAMPAIGN_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

export function saveMarketingCampaign(campaign: Record<string, string>): void {
  writeSession(MARKETING_CAMPAIGN_KEY, JSON.stringify({ ...marketingCampaign(), ...campaign }));
}

/** Every result first closes the subscription, purchase, payment and partner dialogs and the loader. */
export function closeFlowDialogs(): void {
  for (const name of SUBSCRIPTION_FLOW_DIALOGS) closeDialog(name);
  setFlow({ busy: false });
}

export function showFeedback(status: number, extra: { message?: string | null; code?: number | null; subTypeId?: number | null } = {}): void {
  setFlow({ feedback: { status, message: extra.message ?? null, code: extra.code ?? null, subTypeId: extra.subTypeId ?? null } });
  openDialog('subscription-feedback');
}

export function applyOutcome(outcome: SubscribeOutcome, typeId: number): void {
  closeFlowDialogs();
  switch (outcome.kind) {
    case 'feedback':
      if (outcome.reload) void reloadSubscriptions();
      showFeedback(outcome.status, { message: outcome.message, code: outcome.code, subTypeId: typeId });
      return;
    case 'end-of-subscription-redirect': {
      const data = (outcome.data ?? {}) as { subscriptionId?: string; fromTypeId?: number };
      setFlow({ endOfSubscription: { typeId, fromTypeId: data.fromTypeId ?? null, subscriptionId: data.subscriptionId ?? null, error: outcome.error } });
      openDialog('end-of-subscription-redirect');
      return;
    }
    case 'identity':
      setFlow({ identity: { typeId, fields: outcome.fields } });
      openDialog('identity-fields');
      return;
    case 'upgrade-to-premium': {
      // The premium levels above the plan asked for; the plans page when the store knows none.
      const planIds = premiumPlanIds(subscriptionStore.getState().types, typeId);
      if (planIds.length === 0) {
        navigateTo('/subscription');
        return;
      }
      setFlow({ popup: { variant: 'v1', category: null, planIds, contentType: null } });
      openDialog('subscribe');
      return;
    }
    case 'checkout':
      return;
  }
}

export interface SubscribeOptions {
  lang: string;
  /** The page to come back to (absolute URL). */
  pageUrl: string;
  migrateSubId?: string;
  upgradeTo?: number;
  purchaseID?: string | null;
  purchaseType?: string | null;
}

/**
 * `double-opt-in` (commerce §2): a tenant whose feature `doubleOptIn` is on asks for an explicit
 * consent before an operator charges through the API flow (a saved card is not an operator charge).
 */
export function needsDoubleOptIn(option: PaymentOption, features: Record<string, unknown> | undefined): boolean {
  return features?.doubleOptIn === true && option.flow === 'API' && option.code !== 'card';
}

/** Runs one option of an open checkout: WEB leaves for its page, API opens the API-flow dialog (after the double opt-in when needed). */
export function executePaymentOption(typeId: number, option: PaymentOption): void {
  if (option.flow === 'WEB' && option.redirectionUrl) {
    setFlow({ busy: true });
    browser.assign(option.redirectionUrl);
    return;
  }
  closeDialog('payment-options');
  setFlow({ apiFlow: { typeId, option } });
  openDialog(needsDoubleOptIn(option, portalStore.getState().configs.features) ? 'double-opt-in' : 'subscription-api-flow');
}

/**
 * The consent of `double-opt-in` was given (`consent`: the words the user ticked): the subscribe call is made again
 * with it (subscriptionConsentList) and the option chosen (selectedOptions); the server keeps it on the open checkout,
 * so the subscription it pays for records what was agreed (issue 47 item 7). Then on to the operator's API flow.
 */
export async function confirmDoubleOptIn(consent: string): Promise<void> {
  const pending = subscriptionStore.getState().flow.apiFlow;
  if (!pending || lastSubscribe?.typeId !== pending.typeId) return;
  const { typeId, option } = pending;
  const record = { id: 'doubleOptIn', paymentOption: option.code, text: consent, lang: lastSubscribe.options.lang, givenAt: new Date().toISOString() };
  const body: SubscribeBody = { ...subscribeBodyOf(typeId, lastSubscribe.options), subscriptionConsentList: [record], selectedOptions: [option.code] };
  setFlow({ busy: true });
  const result = await subscribe(body, newIdempotencyKey()).catch(() => null);
  setFlow({ busy: false });
  const again = result?.status === 200 ? (result.data as CheckoutAnswer | undefined)?.options.find((o) => o.code === option.code) : undefined;
  if (!result || !again) {
    applyOutcome(result ? mapSubscribeResult(result.status, result.error, result.message, result.data) : { kind: 'feedback', status: 0, reload: false }, typeId);
    return;
  }
  setFlow({ apiFlow: { typeId, option: again } });
  closeDialog('double-opt-in');
  openDialog('subscription-api-flow');
}

function appendLang(url: string, lang: string): string {
  const target = new URL(url, window.location.href);
  if (!target.searchParams.has('lang')) target.searchParams.set('lang', lang);
  return target.toString();
}

function handleCheckout(typeId: number, answer: CheckoutAnswer, lang: string): void {
  const options = answer.options;
  if (answer.type === 'redirect' && answer.url) {
    setFlow({ busy: true });
    browser.assign(appendLang(answer.url, lang));
    return;
  }
  const flags = tenantFlags(portalStore.getState().configs.features);
  const operator = operatorOption(options, flags);
  if (operator) {
    closeFlowDialogs();
    executePaymentOption(typeId, operator);
    return;
  }
  const showOptions = flags.showPaymentOptions;
  const [first] = options;
  if (first && (options.length === 1 || !showOptions)) {
    closeFlowDialogs();
    executePaymentOption(typeId, first);
    return;
  }
  closeFlowDialogs();
  setFlow({ checkout: { typeId, answer } });
  openDialog('payment-options');
}

/** The last subscribe call's plan and options: the double opt-in's consent is sent with the same call again. */
let lastSubscribe: { typeId: number; options: SubscribeOptions } | null = null;

/** POST /subscription's body (commerce §7) for a plan. */
function subscribeBodyOf(typeId: number, options: SubscribeOptions): SubscribeBody {
  const redirect = subscribeReturnUrl(options.pageUrl, { purchaseID: options.purchaseID, purchaseType: options.purchaseType });
  const type = typeById(typeId);
  const upgradeTo = options.upgradeTo ?? (Number(readSession(UPGRADE_TO_KEY)) || undefined);
  const campaign = marketingCampaign();
  const userId = portalStore.getState().userUuid;
  return {
    subscriptionTypeId: typeId,
    lang: options.lang,
    redirect,
    ...(userId ? { userId } : {}),
    ...(options.migrateSubId ? { migrateSubId: options.migrateSubId } : {}),
    ...(upgradeTo === typeId ? { upgradeTo } : {}),
    ...(campaign ? { marketingCampaign: campaign } : {}),
    ...(type ? { price: type.subscriptionTypePromotionPrice && type.subscriptionTypePromotionPrice.amount < type.subscriptionTypePrice.amount ? type.subscriptionTypePromotionPrice : type.subscriptionTypePrice } : {}),
  };
}

/** Commerce §4 subscribe flow for one plan. Resolves once the next step is on screen. */
export async function subscribeToPlan(typeId: number, options: SubscribeOptions): Promise<void> {
  const portal = portalStore.getState();
  const flags = tenantFlags(portal.configs.features);
  if (portal.role !== 'user') {
    // Automatic-subscription tenants and guests in general sign in first, then come back to this plan.
    requestLogin({ subTypeId: typeId });
    return;
  }
  const body = subscribeBodyOf(typeId, options);
  if (!validSubscribeInput({ subscriptionTypeId: typeId, lang: options.lang, redirect: body.redirect })) return;
  lastSubscribe = { typeId, options };
  setFlow({ busy: true });
  let result: CallResult<Awaited<ReturnType<typeof subscribe>>['data']>;
  try {
    result = await subscribe(body, newIdempotencyKey());
  } catch (error) {
    console.error('Subscribe failed', error);
    applyOutcome({ kind: 'feedback', status: 0, reload: false }, typeId);
    return;
  }
  if (flags.mssAutoSubscription && result.status === 200 && !result.data?.purchaseID) {
    applyOutcome(mapSubscribeResult(201, null, null), typeId);
    return;
  }
  if (result.status === 200 && result.data?.purchaseID) {
    writeSession(UPGRADE_TO_KEY, null);
    handleCheckout(typeId, result.data as CheckoutAnswer, options.lang);
    return;
  }
  if (result.status === 201 || result.status === 202) writeSession(UPGRADE_TO_KEY, null);
  applyOutcome(mapSubscribeResult(result.status, result.error, result.message, result.data), typeId);
}

/**
 * "Pay now" on a plan held for a failed renewal (issue 72 item 4), from the manage page or the plans page, as the
 * dunning mail promises: the server opens a checkout of the due period with the plan's ways to pay (another card on
 * the secure page or Stripe's, the mobile bill). One card page opens at once; several are offered in the
 * payment-options dialog, whose mobile bill runs the API flow (PIN). The outcome comes back to `options.pageUrl`
 * with the purchase-return parameters (or, for the mobile bill, is shown at once). Nothing due any more (paid
 * meanwhile, ended): the plans are read again.
 */
export async function payAgainForPlan(held: { id: string; typeId: number }, options: SubscribeOptions): Promise<void> {
  if (portalStore.getState().role !== 'user') {
    requestLogin({ subTypeId: held.typeId });
    return;
  }
  setFlow({ busy: true });
  let result: Awaited<ReturnType<typeof payAgain>>;
  try {
    result = await payAgain(held.id, { redirect: subscribeReturnUrl(options.pageUrl), lang: options.lang });
  } catch (error) {
    console.error('Pay again failed', error);
    applyOutcome({ kind: 'feedback', status: 0, reload: false }, held.typeId);
    return;
  }
  if (result.status === 200 && result.data?.purchaseID) {
    const answer = result.data as CheckoutAnswer;
    if (answer.type === 'redirect' && answer.url) {
      browser.assign(appendLang(answer.url, options.lang));
      return;
    }
    closeFlowDialogs();
    if (answer.options.length === 1 && answer.options[0]) {
      executePaymentOption(held.typeId, answer.options[0]);
      return;
    }
    setFlow({ checkout: { typeId: held.typeId, answer } });
    openDialog('payment-options');
    return;
  }
  if (result.error === 'NOTHING_DUE') void reloadSubscriptions();
  applyOutcome(mapSubscribeResult(result.status, result.error, result.message, result.data), held.typeId);
}

/**
 * A plan's free trial (POST /subscription/subscribeToFreeTrial): the answer's url is the return URL
 * with the purchase-return parameters (status=200&type=trial), handled like any other return.
 */
export async function startFreeTrial(typeId: number, options: SubscribeOptions): Promise<void> {
  if (portalStore.getState().role !== 'user') {
    requestLogin({ subTypeId: typeId });
    return;
  }
  const redirect = subscribeReturnUrl(options.pageUrl);
  if (!validSubscribeInput({ subscriptionTypeId: typeId, lang: options.lang, redirect })) return;
  setFlow({ busy: true });
  try {
    const result = await subscribeToFreeTrial({ redirect, lang: options.lang, subscriptionTypeId: typeId });
    if (result.status === 200 && result.data?.url) {
      closeFlowDialogs();
      navigateTo(result.data.url);
      return;
    }
    const status = result.error === 'TRIAL_ALREADY_USED' ? 409 : result.status;
    applyOutcome(mapSubscribeResult(status, result.error, result.message, result.data), typeId);
  } catch (error) {
    console.error('Starting the free trial failed', error);
    applyOutcome({ kind: 'feedback', status: 0, reload: false }, typeId);
  }
}

/** Starts a plan switch the server asked to confirm (409 NEED_CANCEL_…): migrate from the held one. */
export function confirmPlanSwitch(options: Omit<SubscribeOptions, 'migrateSubId' | 'upgradeTo'>): Promise<void> {
  const pending = subscriptionStore.getState().flow.endOfSubscription;
  if (!pending?.typeId) return Promise.resolve();
  writeSession(UPGRADE_TO_KEY, String(pending.typeId));
  return subscribeToPlan(pending.typeId, { ...options, migrateSubId: pending.subscriptionId ?? undefined, upgradeTo: pending.typeId });
}

export type ApiFlowStepResult =
  | { kind: 'next'; step: 'PIN'; hint: string | null; message: string | null }
  | { kind: 'invalid'; error: string; triesLeft: number | null }
  | { kind: 'done' };

/** One step of the API flow; a final answer is handled here (navigate, or feedback). */
export async function runApiFlowStep(typeId: number, option: PaymentOption, body: ApiFlowBody, key: string): Promise<ApiFlowStepResult> {
  const result = await subscriptionApiFlow(option.uuid, body, key);
  return handleApiFlowResult(typeId, result);
}

export function handleApiFlowResult(typeId: number, result: CallResult<ApiFlowData>): ApiFlowStepResult {
  if (result.status === 401) {
    closeDialog('subscription-api-flow');
    closeDialog('payment-options');
    requestLogin({ subTypeId: typeId });
    return { kind: 'done' };
  }
  const data = result.data;
  if (result.status === 200 && data?.nextApiFlowStep === 'PIN') {
    return { kind: 'next', step: 'PIN', hint: data.sandboxPin ?? null, message: data.message ?? null };
  }
  if (result.status === 400 && (result.error === 'INVALID_PIN' || result.error === 'INVALID_MSISDN')) {
    return { kind: 'invalid', error: result.error, triesLeft: typeof data?.triesLeft === 'number' ? data.triesLeft : null };
  }
  if (data?.status === 302 && data.url) {
    closeFlowDialogs();
    navigateTo(data.url);
    return { kind: 'done' };
  }
  applyOutcome(mapSubscribeResult(result.status === 200 && data?.subscription ? 201 : result.status, result.error, result.message, data), typeId);
  return { kind: 'done' };
}
