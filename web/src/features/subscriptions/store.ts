/**
 * The subscription store (commerce §3, §4): plans, the user's subscriptions and their derived
 * lists, trial eligibility; plus the state of the subscribe flow's dialogs. Plans are loaded when
 * the user changes (geo-blocked ones removed when the flag is set, sorted by ment_sort); the user's
 * own data only for role user.
 */
import { createStore, useStore } from 'zustand';
import type { CreditExpiration } from './credit-expiration';
import { sortPlans } from './plan-order';
import type { PopupVariant } from './subscribe-rules';
import { summarize, type SubscriptionSummary } from './subscription-summary';
import type { CheckoutAnswer, PaymentOption, SubscriptionType, TrialEligibility, UserSubscription } from './types';

export interface GeoBlockSettings {
  enabled?: boolean;
  blockedSubscriptions?: readonly (number | string)[];
}

/** Removes geo-blocked types when the flag is set, then sorts ascending by ment_sort. */
export function visiblePlans(types: readonly SubscriptionType[], geoBlock: GeoBlockSettings | null | undefined): SubscriptionType[] {
  const blocked = new Set((geoBlock?.enabled ? (geoBlock.blockedSubscriptions ?? []) : []).map(Number));
  return sortPlans(types.filter((type) => !blocked.has(type.id)));
}

export interface SubscriptionData extends SubscriptionSummary {
  userKey: string | null;
  types: SubscriptionType[];
  subscriptions: UserSubscription[];
  trial: TrialEligibility | null;
  typesLoaded: boolean;
  subscriptionsLoaded: boolean;
}

export const emptySubscriptionData: SubscriptionData = {
  userKey: null,
  types: [],
  subscriptions: [],
  trial: null,
  typesLoaded: false,
  subscriptionsLoaded: false,
  ...summarize([]),
};

export interface FeedbackState {
  status: number;
  message: string | null;
  code: number | null;
  subTypeId: number | null;
}

export interface FlowState {
  busy: boolean;
  /** How often the subscribe button opened the subscribe dialog (commerce §9). */
  subscribeOpenings: number;
  popup: { variant: PopupVariant; category: string | null; planIds: number[]; contentType: string | null } | null;
  checkout: { typeId: number; answer: CheckoutAnswer } | null;
  apiFlow: { typeId: number; option: PaymentOption } | null;
  feedback: FeedbackState | null;
  endOfSubscription: { typeId: number | null; fromTypeId: number | null; subscriptionId: string | null; error: string | null } | null;
  cancelTarget: { subscription: UserSubscription } | null;
  identity: { typeId: number; fields: string[] } | null;
  creditExpiration: CreditExpiration | null;
  /**
   * The purchased popup: a plan (subTypeId when known) or a bought item (`article`: it links to My purchases; `title`,
   * once the catalog named it, says which).
   */
  purchased: { subTypeId: number | null; article?: boolean; articleId?: number; title?: string | null } | null;
  inactive: { typeId: number | null } | null;
}

const initialFlow: FlowState = {
  busy: false,
  subscribeOpenings: 0,
  popup: null,
  checkout: null,
  apiFlow: null,
  feedback: null,
  endOfSubscription: null,
  cancelTarget: null,
  identity: null,
  creditExpiration: null,
  purchased: null,
  inactive: null,
};

export interface SubscriptionStore extends SubscriptionData {
  flow: FlowState;
  setTypes: (types: readonly SubscriptionType[], geoBlock: GeoBlockSettings | null | undefined) => void;
  setUserData: (userKey: string | null, subscriptions: readonly UserSubscription[] | null, trial: TrialEligibility | null) => void;
  setFlow: (patch: Partial<FlowState>) => void;
}

export const subscriptionStore = createStore<SubscriptionStore>()((set) => ({
  ...emptySubscriptionData,
  flow: initialFlow,
  setTypes: (types, geoBlock) => set({ types: visiblePlans(types, geoBlock), typesLoaded: true }),
  setUserData: (userKey, subscriptions, trial) =>
    set({
      userKey,
      subscriptions: [...(subscriptions ?? [])],
      trial,
      subscriptionsLoaded: subscriptions !== null,
      ...summarize(subscriptions ?? []),
    }),
  setFlow: (patch) => set((state) => ({ flow: { ...state.flow, ...patch } })),
}));

export function useSubscriptionStore<T>(selector: (state: SubscriptionStore) => T): T {
  return useStore(subscriptionStore, selector);
}

export function setFlow(patch: Partial<FlowState>): void {
  subscriptionStore.getState().setFlow(patch);
}

export function typeById(id: number | null | undefined): SubscriptionType | undefined {
  return id == null ? undefined : subscriptionStore.getState().types.find((type) => type.id === id);
}

/**
 * Resolves once the user's subscriptions and the plans are loaded, or after `ms` with what there is: what a decision
 * right after a page load reads (a click before they arrive must not decide on empty lists).
 */
export function subscriptionDataLoaded(ms = 5_000): Promise<void> {
  const ready = (state: SubscriptionStore) => state.subscriptionsLoaded && state.typesLoaded;
  if (ready(subscriptionStore.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = subscriptionStore.subscribe((state) => {
      if (ready(state)) done();
    });
  });
}

export function resetSubscriptionStore(): void {
  subscriptionStore.setState({ ...emptySubscriptionData, flow: initialFlow });
}
