/**
 * Wire shapes of the subscriptions calls (docs/contracts.md "Subscriptions (issue 5)"): aliases of the
 * generated OpenAPI types (docs/openapi.json).
 *
 * Where the document is looser than what the server sends (subscriptions_types.hpp), the alias
 * narrows only that field until the server describes it:
 * - a subscription's `state` and `subState` and a payment option's `flow` are plain strings there;
 *   the server sends one of the fixed sets below;
 * - std::optional members (a plan's promotion price, cancel URL and trial duration; a subscription's
 *   end and renewal dates and payment option; a checkout's URL and an option's redirection URL) are
 *   "may be absent or null" there; the server always sends them, null when there is none.
 */
import type { ApiData, ApiSchema } from '@/lib/api-schema';

type WirePlan = ApiData<'getBackendSubscriptionType'>[number];
type WireSubscription = ApiData<'getBackendSubscription'>[number];

export type Money = WirePlan['subscriptionTypePrice'];
/** `amount` -1: unlimited. */
export type Contingent = WirePlan['contingents'][number];
export type SubscriptionGroup = WirePlan['subscriptionTypeGroupList'][number];
export type GroupLevel = SubscriptionGroup['levels'][number];

export type PaymentFlow = 'WEB' | 'API';

export type PaymentOptionInfo = Omit<WirePlan['paymentOptions'][number], 'flow'> & { flow: PaymentFlow };

/** GET /subscription/type: a plan. */
export type SubscriptionType = Omit<WirePlan, 'paymentOptions' | 'requiredIdentityFields' | 'subscriptionTypePromotionPrice' | 'cancelUrl' | 'maxTrialDuration'> &
  // Always sent; read as possibly absent (plans in page payloads and tests name only what they use).
  Partial<Record<'paymentOptions', PaymentOptionInfo[]> & Pick<WirePlan, 'requiredIdentityFields'>> &
  Record<'subscriptionTypePromotionPrice', Money | null> &
  Record<'cancelUrl' | 'maxTrialDuration', string | null>;

export type SubscriptionState = 'ACTIVE' | 'INACTIVE' | 'REQUESTED' | 'CANCELED';

/** GET /subscription: one of the user's subscriptions (with its plan when asked for). */
export type UserSubscription = Omit<WireSubscription, 'state' | 'subState' | 'endDate' | 'nextRenewalDate' | 'paymentOption' | 'subscriptionType'> & {
  state: SubscriptionState;
  subState: 'PENDING' | null;
  subscriptionType?: SubscriptionType | null;
} & Record<'endDate' | 'nextRenewalDate' | 'paymentOption', string | null>;

type WireCheckout = Extract<ApiData<'postBackendSubscription'>, Record<'purchaseID', string>>;

/** One way to pay for an open checkout. */
export type PaymentOption = Omit<WireCheckout['options'][number], 'flow' | 'redirectionUrl'> & { flow: PaymentFlow } & Record<'redirectionUrl', string | null>;

/** 200 answer of POST /subscription: an open checkout. */
export type CheckoutAnswer = Omit<WireCheckout, 'type' | 'url' | 'options'> & { type: 'redirect' | 'onclick' } & Record<'url', string | null> & Record<'options', PaymentOption[]>;

/** GET /subscription/isFreeTrialEligible. */
export type TrialEligibility = ApiData<'getBackendSubscriptionIsFreeTrialEligible'>;

/** POST /subscription 201/202: the created (or pending) subscription. */
export type SubscribedAnswer = Record<'subscription', UserSubscription>;

type WireApiFlow = ApiData<'postBackendSubscriptionApi'>;
type WirePinStep = Extract<WireApiFlow, Record<'message', string>>;
type WirePaid = Extract<WireApiFlow, Record<'status', number>>;

/**
 * POST /subscription/api: what a step of the operator's API flow answers, as the flow reads it (the
 * answers are alternatives: the next step with its message, a pending or paid result with its status
 * and URL, or the subscription).
 */
export type ApiFlowStep = Partial<Pick<WirePinStep, 'message' | 'sandboxPin'> & Pick<WirePaid, 'status' | 'url'>> & {
  nextApiFlowStep?: 'PIN' | 'MSISDN' | null;
  subscription?: UserSubscription;
};

/** 404 REQUIRED_IDENTITY_FIELD_NOT_FOUND's data (subscriptions_dto.hpp): the profile fields the plan needs. */
export type IdentityFieldsData = ApiSchema<'IdentityFieldsData'>;
/** 400 INVALID_PIN's data (payments_dto.hpp): the tries left. */
export type InvalidPinData = ApiSchema<'InvalidPinData'>;
