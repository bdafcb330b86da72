/**
 * Wire shapes of the purchase calls (docs/contracts.md "Purchases", commerce §3 purchase option /
 * purchase options response): aliases of the generated OpenAPI types (docs/openapi.json).
 *
 * Where the document is looser than what the server sends (purchases_routes.cpp, purchases_dto.hpp),
 * the alias narrows only that field until the server describes it:
 * - a consume entry's `kind`, a purchase option's `type` and a payment option's `flow` are plain
 *   strings there; the server sends one of the fixed sets below;
 * - std::optional members (a purchase option's `subscriptionType`, a consume entry's ids and
 *   remaining count, a payment option's `redirectionUrl`) are "may be absent or null" there; the
 *   server always sends them, null when there is none;
 * - the PIN step's `nextApiFlowStep` and `purchaseToken` are optional there (one answer shape for the
 *   WEB and the API flow); the PIN step carries both.
 */
import type { ApiData, ApiSchema } from '@/lib/api-schema';

export type { ArticleRef } from './article-ref';

type WireOptions = ApiData<'getBackendPurchaseUserPurchaseOptions'>;
type WireConsume = WireOptions['consume'][number];
type WirePurchaseOption = WireOptions['purchase'][number];
type WirePlanChange = WireOptions['upgradeTo'][number];

export type Money = WirePurchaseOption['price'];

export type ConsumeKind = 'free' | 'wallet' | 'subscription' | 'credit';

export type ConsumeEntry = Omit<WireConsume, 'kind' | 'subscriptionId' | 'subscriptionTypeId' | 'remaining'> & { kind: ConsumeKind } & Record<
    'subscriptionId',
    NonNullable<WireConsume['subscriptionId']> | null
  > &
  Record<'subscriptionTypeId' | 'remaining', number | null>;

export type UnavailableEntry = WireOptions['unavailable'][number];
export type ArticleSubscription = UnavailableEntry['articleSubscription'];

/** A plan as an offer names it (its id, name, billing cycle and price). */
export type PlanRef = WirePlanChange['toSubscriptionType'];
export type PlanChange = WirePlanChange;

export type PurchaseOptionType = 'DTO' | 'subscription';
export type PurchaseOption = Omit<WirePurchaseOption, 'type' | 'subscriptionType'> & { type: PurchaseOptionType } & Record<'subscriptionType', PlanRef | null>;

/** GET /purchase/user/purchaseOptions and /purchase/ArticlePurchaseOptions/{id}. */
export type PurchaseOptions = Omit<WireOptions, 'consume' | 'purchase'> & Record<'consume', ConsumeEntry[]> & Record<'purchase', PurchaseOption[]>;

/** GET /purchase/ArticleOneTimePurchase: the opened single purchase. */
export type OneTimePurchase = ApiData<'getBackendPurchaseArticleOneTimePurchase'>;

type WirePaymentOptions = ApiData<'postBackendSubscriptionOneTimePaymentOptions'>;
type WirePaymentOption = WirePaymentOptions['options'][number];

export type PaymentFlow = 'WEB' | 'API';
/** One way to pay a single purchase; `code` is 'card', 'operator' or another provider's. */
export type OneTimePaymentOption = Omit<WirePaymentOption, 'flow' | 'redirectionUrl'> & { flow: PaymentFlow } & Record<'redirectionUrl', string | null>;
/** POST /subscription/oneTimePaymentOptions. */
export type OneTimePaymentOptions = Omit<WirePaymentOptions, 'options'> & Record<'options', OneTimePaymentOption[]>;

/** POST /subscription/oneTimePurchase: the WEB flow's redirect or the API flow's PIN step. */
export type PurchaseStep = ApiData<'postBackendSubscriptionOneTimePurchase'>;
/** The API flow's PIN step (nextApiFlowStep "PIN", with the purchase token to verify the PIN with). */
export type PinStep = PurchaseStep & { nextApiFlowStep: 'PIN' } & Record<'purchaseToken', string>;

/** Whether a purchase step asks for the PIN (the server sends the purchase token with it). */
export function isPinStep(step: PurchaseStep | null): step is PinStep {
  return step?.nextApiFlowStep === 'PIN';
}

/** POST /purchase/VerifyOneTimePurchasePin: the purchase (201), or 202 pending. */
export type VerifiedPurchase = ApiData<'postBackendPurchaseVerifyOneTimePurchasePin'>;

/** 400 INVALID_PIN's data (payments_dto.hpp): the PIN tries left before the purchase is cancelled. */
export type InvalidPinData = ApiSchema<'InvalidPinData'>;

/** POST /media/{id}?kind=full: the signed URL of the whole file (or the preview). */
export type FullMedia = ApiData<'getBackendMediaArticleId'>;
/** POST /song/download and /game/download: a signed, expiring download `uri`. */
export type DownloadLink = ApiData<'postBackendSongDownload'>;
