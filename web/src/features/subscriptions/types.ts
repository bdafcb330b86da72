/** Wire shapes of the subscriptions calls (docs/contracts.md "Subscriptions (issue 5)"). */

export interface Money {
  amount: number;
  currency: string;
}

export interface Contingent {
  contentTypes: string[];
  /** -1 = unlimited. */
  amount: number;
}

export interface GroupLevel {
  order: number;
  currentSubscriptionExist: boolean;
  subscriptionTypeIds: number[];
}

export interface SubscriptionGroup {
  id: string;
  name: string;
  levels: GroupLevel[];
}

export type PaymentFlow = 'WEB' | 'API';

export interface PaymentOptionInfo {
  code: string;
  flow: PaymentFlow;
  name: string;
}

export interface SubscriptionType {
  id: number;
  name: string;
  billingCycle: string;
  subscriptionTypePrice: Money;
  subscriptionTypePromotionPrice: Money | null;
  attributes: { key: string; value: string }[];
  contingents: Contingent[];
  accumulateContingent: boolean;
  cancelUrl: string | null;
  maxTrialDuration: string | null;
  requiredIdentityFields?: string[];
  paymentOptions?: PaymentOptionInfo[];
  subscriptionTypeGroupList: SubscriptionGroup[];
}

export type SubscriptionState = 'ACTIVE' | 'INACTIVE' | 'REQUESTED' | 'CANCELED';

export interface UserSubscription {
  id: number;
  typeId: number;
  state: SubscriptionState;
  subState: 'PENDING' | null;
  active: boolean;
  trial: boolean;
  startDate: string;
  endDate: string | null;
  nextRenewalDate: string | null;
  cancelRequested: boolean;
  contingents: Contingent[];
  paymentOption: string | null;
  partnerMetadata?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  subscriptionType?: SubscriptionType;
  subscriptionTypeGroupList?: SubscriptionGroup[];
}

/** One way to pay for an open checkout. */
export interface PaymentOption {
  uuid: string;
  code: string;
  name: string;
  flow: PaymentFlow;
  redirectionUrl: string | null;
}

/** 200 answer of POST /subscription: an open checkout. */
export interface CheckoutAnswer {
  type: 'redirect' | 'onclick';
  purchaseID: string;
  url: string | null;
  options: PaymentOption[];
}

export interface TrialEligibility {
  eligible: boolean;
  subscriptionTypeIds: number[];
}
