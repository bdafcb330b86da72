/** Wire shapes of the purchase calls (docs/contracts.md "Purchases", commerce §3 purchase option / purchase options response). */
export interface Money {
  amount: number;
  currency: string;
}

export type ConsumeKind = 'free' | 'wallet' | 'subscription' | 'credit';

export interface ConsumeEntry {
  kind: ConsumeKind;
  /** The user subscription's id (a UUID string on this server). */
  subscriptionId: string | number | null;
  subscriptionTypeId: number | null;
  remaining: number | null;
}

export interface ArticleSubscription {
  id: string | number;
  typeId: number;
  state: string;
  subState: string | null;
  name: string;
}

export interface UnavailableEntry {
  articleSubscription?: ArticleSubscription | null;
}

export interface PlanRef {
  id: number;
  name: string;
  billingCycle: string;
}

export interface PurchaseOption {
  purchaseIdentifier: string;
  type: 'DTO' | 'subscription';
  title: string;
  price: Money;
  consumable: boolean;
  sort: number;
  subscriptionType: PlanRef | null;
}

export interface PlanChange {
  fromSubscriptionId: string | number;
  toSubscriptionType: PlanRef & { subscriptionTypePrice: Money };
}

export interface PurchaseOptions {
  articleId: number;
  contentType: string;
  consume: ConsumeEntry[];
  unavailable: UnavailableEntry[];
  purchase: PurchaseOption[];
  upgradeTo: PlanChange[];
  downgradeTo: PlanChange[];
}

/** What the purchase check needs to know of an article (the catalog's article answer has more). */
export interface ArticleRef {
  id: number;
  title: string;
  contentType: string;
  /** The collection (album, audiobook) a track or chapter belongs to, for downloads. */
  collectionId?: number | null;
}

export interface OneTimePurchase {
  transactionId: string;
  articleId: number;
  contentType: string;
  title: string;
  price: Money;
}

export interface OneTimePaymentOption {
  paymentOptionUUID: string;
  /** 'card', 'operator' or another provider's code. */
  code: string;
  name: string;
  flow: 'WEB' | 'API';
  redirectionUrl: string | null;
}

export interface OneTimePaymentOptions {
  transactionId: string;
  options: OneTimePaymentOption[];
}

export interface PinStep {
  nextApiFlowStep: 'PIN';
  paymentTransactionUuid: string;
  purchaseToken: string;
  message?: string;
  sandboxPin?: string;
}

export interface VerifiedPurchase {
  status: number;
  articleId: number;
  purchaseType: string;
  url?: string;
}
