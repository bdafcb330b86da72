/**
 * The subscribe flow's rules (commerce §4, §5, §9) as pure functions: which dialog opens, action and
 * validity codes, the request's validation and return URL, and the mapping of a subscribe answer to what the user
 * sees. A plan's place in its group's levels (upgrade direction, relation) is plan-levels.ts.
 */
import { levelOf } from './plan-levels';
import type { SubscriptionType } from './types';

/** Action codes of the decide and purchase dialogs. */
export const ActionCode = { REDIRECT: 0, OPENDIALOG: 1, LOGIN: 2, NOACTION: 3 } as const;
export type ActionCode = (typeof ActionCode)[keyof typeof ActionCode];

/** Validity codes of POST /subscription/validate/external. */
export const ValidityCode = { VALID: 1, INVALID: 2, EXPIRED: 3, PENDING: 4 } as const;
export type ValidityCode = (typeof ValidityCode)[keyof typeof ValidityCode];

/** Commerce §9: the subscribe dialog falls back to the decide dialog from the 3rd opening. */
export const SUBSCRIBE_DIALOG_MAX_OPENINGS = 2;

export type PopupVariant = 'v1' | 'v2' | 'v3' | 'group' | 'V2';

export interface TenantFlags {
  subAuthRequired?: boolean;
  mssAutoSubscription?: boolean;
  directSubscriptionFlow?: boolean;
  V2Modals?: boolean;
  SubscriptionPopUpV2?: boolean;
  redirectToSubPage?: boolean;
  multipleLoginOptionsFlow2?: boolean;
  showPaymentOptions?: boolean;
  /** Plans billed by the operator Vodacom: its option is taken without the payment options dialog. */
  vodacomMent?: boolean;
}

export function tenantFlags(features: Record<string, unknown> | undefined): TenantFlags {
  const f = features ?? {};
  const flag = (name: keyof TenantFlags) => f[name] === true;
  return {
    subAuthRequired: flag('subAuthRequired'),
    mssAutoSubscription: flag('mssAutoSubscription'),
    directSubscriptionFlow: flag('directSubscriptionFlow'),
    V2Modals: flag('V2Modals'),
    SubscriptionPopUpV2: flag('SubscriptionPopUpV2'),
    redirectToSubPage: flag('redirectToSubPage'),
    multipleLoginOptionsFlow2: flag('multipleLoginOptionsFlow2'),
    showPaymentOptions: f.showPaymentOptions !== false,
    vodacomMent: flag('vodacomMent'),
  };
}

export type SubscribeDecision =
  | { kind: 'login'; options: boolean }
  | { kind: 'subscribe'; typeId: number }
  | { kind: 'navigate'; path: '/subscription' }
  | { kind: 'popup'; variant: PopupVariant }
  | { kind: 'none' };

export interface SubscribeRequestContext {
  flags: TenantFlags;
  guest: boolean;
  hasMarketingCampaign: boolean;
  /** The plans on offer for this request (already filtered by category or content). */
  plans: readonly Pick<SubscriptionType, 'id' | 'subscriptionTypeGroupList'>[];
  /** Content type of the item that asked, when an item asked. */
  contentType?: string | null;
}

/** Distinct subscription groups of a set of plans (a plan without a group is its own group). */
export function groupCount(plans: readonly Pick<SubscriptionType, 'id' | 'subscriptionTypeGroupList'>[]): number {
  return new Set(plans.map((plan) => plan.subscriptionTypeGroupList[0]?.id ?? `plan-${plan.id}`)).size;
}

const NO_SUB_PAGE_CONTENT = new Set(['full_track_music', 'podcast']);

/** Commerce §4 "Which dialog opens on a subscribe request". */
export function decideSubscribeDialog(context: SubscribeRequestContext): SubscribeDecision {
  const { flags, guest, plans } = context;
  const loginKind = { kind: 'login', options: flags.multipleLoginOptionsFlow2 === true } as const;
  if (flags.subAuthRequired && !context.hasMarketingCampaign && guest) return loginKind;
  if (flags.mssAutoSubscription && guest) return loginKind;
  if (plans.length === 0) return { kind: 'none' };
  const [only] = plans;
  if (flags.directSubscriptionFlow && only && plans.length === 1) return guest ? loginKind : { kind: 'subscribe', typeId: only.id };
  const groups = groupCount(plans);
  if (groups > 1) {
    if (flags.redirectToSubPage && !NO_SUB_PAGE_CONTENT.has(context.contentType ?? '')) return { kind: 'navigate', path: '/subscription' };
    return { kind: 'popup', variant: flags.V2Modals ? 'V2' : 'group' };
  }
  if (flags.V2Modals) return { kind: 'popup', variant: 'V2' };
  if (flags.SubscriptionPopUpV2) return { kind: 'popup', variant: 'v2' };
  return { kind: 'popup', variant: context.contentType ? 'v3' : 'v1' };
}

/** The subscribe button: the plan category of the path, unless this is the 3rd opening or later. */
export function subscribeDialogTarget(openings: number, category: string | null): 'subscribe' | 'decide' {
  return openings >= SUBSCRIBE_DIALOG_MAX_OPENINGS || !category ? 'decide' : 'subscribe';
}

const PATH_CATEGORIES: [RegExp, string][] = [
  [/^\/music/, 'music'],
  [/^\/(video|movies|series)/, 'video'],
  [/^\/(games|arcade)/, 'games'],
  [/^\/audiobook/, 'audiobook'],
  [/^\/podcast/, 'podcast'],
  [/^\/(news|articles|premium)/, 'news'],
];

/** The plan category a page belongs to (path without language prefix), or null. */
export function categoryOfPath(path: string | null | undefined): string | null {
  if (!path) return null;
  return PATH_CATEGORIES.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

/**
 * The subscribe button's plan category (commerce §4): the current page's, else the previous page's
 * (e.g. the search or favorites page reached from the music section offers music plans); paths
 * without their language prefix.
 */
export function subscribeButtonCategory(current: string, previous: string | null): string | null {
  return categoryOfPath(current) ?? categoryOfPath(previous);
}

/** What choosing a category in the decide dialog does. */
export function decideAction(input: { guest: boolean; subscribed: boolean; loading: boolean; redirect: boolean }): ActionCode {
  if (input.loading || input.subscribed) return ActionCode.NOACTION;
  if (input.guest) return ActionCode.LOGIN;
  return input.redirect ? ActionCode.REDIRECT : ActionCode.OPENDIALOG;
}

// --- request -------------------------------------------------------------------------------------

/** Query parameters the return URL never carries over (commerce §5: message and status stripped). */
const STRIPPED_RETURN_PARAMS = ['status', 'message', 'msg', 'error', 'code', 'i18Message', 'purchaseID', 'purchaseType', 'subTypeId', 'type'];

/**
 * Commerce §5: the return URL with message and status (and the other return parameters of an earlier
 * round) stripped, `type=subscription` added, plus purchaseID and purchaseType when both exist.
 */
export function subscribeReturnUrl(pageUrl: string, extra: { purchaseID?: string | null; purchaseType?: string | null } = {}): string {
  const url = new URL(pageUrl);
  url.hash = '';
  for (const name of STRIPPED_RETURN_PARAMS) url.searchParams.delete(name);
  url.searchParams.set('type', 'subscription');
  if (extra.purchaseID && extra.purchaseType) {
    url.searchParams.set('purchaseID', extra.purchaseID);
    url.searchParams.set('purchaseType', extra.purchaseType);
  }
  return url.toString();
}

export interface SubscribeInput {
  subscriptionTypeId: number | null | undefined;
  lang: string | null | undefined;
  redirect: string | null | undefined;
}

/** Commerce §5: a type id, a locale and a return URL are required; otherwise a warning is logged. */
export function validSubscribeInput(input: SubscribeInput): boolean {
  const ok = typeof input.subscriptionTypeId === 'number' && input.subscriptionTypeId > 0 && !!input.lang && !!input.redirect;
  if (!ok) console.warn('Subscribe needs a type id, a locale and a return URL', input);
  return ok;
}

// --- results -------------------------------------------------------------------------------------

export type FeedbackKind = 'success' | 'insufficient' | 'duplicate' | 'knownError' | 'pending' | 'error';

/** Commerce §4: numeric feedback statuses. */
export const FeedbackStatus = { SUCCESS: 1, INSUFFICIENT: 2, DUPLICATE: 3, ERROR: 4, KNOWN_ERROR: 5, PENDING: 6 } as const;
export const ERROR_CODE_MULTIPLIER = 95;

export function feedbackKind(status: number): FeedbackKind {
  switch (status) {
    case 1:
      return 'success';
    case 2:
      return 'insufficient';
    case 3:
      return 'duplicate';
    case 5:
      return 'knownError';
    case 6:
      return 'pending';
    default:
      return 'error';
  }
}

/** The error code a user sees for an "other" feedback status: the given code, else the number × 95. */
export function displayedErrorCode(status: number, code?: number | null): number {
  return code ?? status * ERROR_CODE_MULTIPLIER;
}

/**
 * Commerce §8 "NEED_UPGRADE_TO_PREMIUM_SUBSCRIPTION: defined; handling not shown": the plan asked for
 * needs a higher (premium) level first. The client offers the higher levels of that plan's groups.
 */
export const NEED_UPGRADE_TO_PREMIUM_SUBSCRIPTION = 'NEED_UPGRADE_TO_PREMIUM_SUBSCRIPTION';

/** The plans above `typeId`'s level in its groups (the premium ones it needs), among the plans offered. */
export function premiumPlanIds(types: readonly SubscriptionType[], typeId: number): number[] {
  const type = types.find((candidate) => candidate.id === typeId);
  const ids = new Set<number>();
  for (const group of type?.subscriptionTypeGroupList ?? []) {
    const level = levelOf(group, typeId);
    if (level === null) continue;
    for (const above of group.levels.filter((candidate) => candidate.order > level)) above.subscriptionTypeIds.forEach((id) => ids.add(id));
  }
  return types.filter((candidate) => ids.has(candidate.id)).map((candidate) => candidate.id);
}

/**
 * The option a checkout runs without asking: on a `vodacomMent` tenant the operator's (API flow,
 * number then PIN), as its plans are billed by the operator; otherwise none.
 */
export function operatorOption<T extends { flow: string; code: string }>(options: readonly T[], flags: TenantFlags): T | null {
  if (!flags.vodacomMent) return null;
  return options.find((option) => option.flow === 'API' && option.code === 'operator') ?? null;
}

export type SubscribeOutcome =
  | { kind: 'feedback'; status: number; reload: boolean; message?: string | null; code?: number | null }
  | { kind: 'upgrade-to-premium' }
  | { kind: 'end-of-subscription-redirect'; error: string; data: unknown }
  | { kind: 'identity'; fields: string[] }
  | { kind: 'checkout' };

/** Commerce §4 "Subscribe API result status". `error` is the answer's error code, `message` its message. */
export function mapSubscribeResult(status: number, error: string | null, message: string | null, data: unknown = null): SubscribeOutcome {
  if (status === 404 && error === 'REQUIRED_IDENTITY_FIELD_NOT_FOUND') {
    const fields = (data as { fields?: unknown } | null)?.fields;
    return { kind: 'identity', fields: Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [] };
  }
  if (error === NEED_UPGRADE_TO_PREMIUM_SUBSCRIPTION && status >= 400) return { kind: 'upgrade-to-premium' };
  switch (status) {
    case 200:
    case 201:
      return { kind: 'feedback', status: FeedbackStatus.SUCCESS, reload: true };
    case 202:
      return { kind: 'feedback', status: FeedbackStatus.PENDING, reload: true };
    case 402:
      return { kind: 'feedback', status: FeedbackStatus.INSUFFICIENT, reload: false };
    case 409:
      if (error === 'NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE' || error === 'NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE') {
        return { kind: 'end-of-subscription-redirect', error, data };
      }
      return { kind: 'feedback', status: FeedbackStatus.DUPLICATE, reload: false };
    case 490:
      return { kind: 'feedback', status: FeedbackStatus.ERROR, reload: false, code: 490, message };
    case 400:
      return { kind: 'feedback', status: FeedbackStatus.KNOWN_ERROR, reload: false, message: error ?? message };
    default:
      return { kind: 'feedback', status: FeedbackStatus.ERROR, reload: false, message };
  }
}

/** Subscribe and login helpers accept 200, 201 and 202 as success (commerce §5). */
export const isSuccessStatus = (status: number): boolean => status === 200 || status === 201 || status === 202;
