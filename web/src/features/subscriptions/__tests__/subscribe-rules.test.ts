import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  subscribeButtonCategory,
  NEED_UPGRADE_TO_PREMIUM_SUBSCRIPTION,
  operatorOption,
  premiumPlanIds,
  ActionCode,
  ValidityCode,
  categoryOfPath,
  decideAction,
  decideSubscribeDialog,
  displayedErrorCode,
  feedbackKind,
  mapSubscribeResult,
  subscribeDialogTarget,
  subscribeReturnUrl,
  tenantFlags,
  validSubscribeInput,
} from '../subscribe-rules';
import { planRelation, upgradeDirection } from '../plan-levels';
import { musicGroup, plan } from './fixtures';

afterEach(() => vi.restoreAllMocks());

const inGroup = (id: number, group = musicGroup) => plan(id, { subscriptionTypeGroupList: [group] });
const videoGroup = { id: 'video', name: 'Video', levels: [{ order: 0, currentSubscriptionExist: false, subscriptionTypeIds: [201] }] };

describe('which dialog opens (commerce §4)', () => {
  const base = { guest: false, hasMarketingCampaign: false, contentType: null };

  it('asks a guest to sign in first with subAuthRequired, unless a marketing campaign is stored', () => {
    const flags = tenantFlags({ subAuthRequired: true });
    expect(decideSubscribeDialog({ ...base, flags, guest: true, plans: [inGroup(101)] })).toEqual({ kind: 'login', options: false });
    expect(decideSubscribeDialog({ ...base, flags, guest: true, hasMarketingCampaign: true, plans: [inGroup(101), inGroup(102)] }).kind).toBe('popup');
  });

  it('asks a guest to sign in with mssAutoSubscription, offering login options with multipleLoginOptionsFlow2', () => {
    expect(decideSubscribeDialog({ ...base, flags: tenantFlags({ mssAutoSubscription: true, multipleLoginOptionsFlow2: true }), guest: true, plans: [inGroup(101)] })).toEqual({ kind: 'login', options: true });
  });

  it('subscribes at once to a single plan with directSubscriptionFlow', () => {
    expect(decideSubscribeDialog({ ...base, flags: tenantFlags({ directSubscriptionFlow: true }), plans: [inGroup(101)] })).toEqual({ kind: 'subscribe', typeId: 101 });
  });

  it('redirects to /subscription for several groups with redirectToSubPage, except for music tracks and podcasts', () => {
    const flags = tenantFlags({ redirectToSubPage: true, V2Modals: true });
    const plans = [inGroup(101), inGroup(201, videoGroup)];
    expect(decideSubscribeDialog({ ...base, flags, plans })).toEqual({ kind: 'navigate', path: '/subscription' });
    expect(decideSubscribeDialog({ ...base, flags, plans, contentType: 'full_track_music' })).toEqual({ kind: 'popup', variant: 'V2' });
    expect(decideSubscribeDialog({ ...base, flags, plans, contentType: 'podcast' })).toEqual({ kind: 'popup', variant: 'V2' });
  });

  it('opens the group popup for several groups, the V2 dialog with V2Modals', () => {
    const plans = [inGroup(101), inGroup(201, videoGroup)];
    expect(decideSubscribeDialog({ ...base, flags: tenantFlags({}), plans })).toEqual({ kind: 'popup', variant: 'group' });
    expect(decideSubscribeDialog({ ...base, flags: tenantFlags({ V2Modals: true }), plans })).toEqual({ kind: 'popup', variant: 'V2' });
  });

  it('opens the plan popup v1, v2 with SubscriptionPopUpV2, v3 for content', () => {
    const plans = [inGroup(101), inGroup(102)];
    expect(decideSubscribeDialog({ ...base, flags: tenantFlags({}), plans })).toEqual({ kind: 'popup', variant: 'v1' });
    expect(decideSubscribeDialog({ ...base, flags: tenantFlags({ SubscriptionPopUpV2: true }), plans })).toEqual({ kind: 'popup', variant: 'v2' });
    expect(decideSubscribeDialog({ ...base, flags: tenantFlags({}), plans, contentType: 'video' })).toEqual({ kind: 'popup', variant: 'v3' });
  });

  it('falls back to the decide dialog from the 3rd opening or without a category', () => {
    expect(subscribeDialogTarget(0, 'music')).toBe('subscribe');
    expect(subscribeDialogTarget(1, 'music')).toBe('subscribe');
    expect(subscribeDialogTarget(2, 'music')).toBe('decide');
    expect(subscribeDialogTarget(0, null)).toBe('decide');
    expect(categoryOfPath('/music/tracks/x/1')).toBe('music');
    expect(categoryOfPath('/profile')).toBeNull();
  });

  it('gives the action codes and validity codes', () => {
    expect(ActionCode).toEqual({ REDIRECT: 0, OPENDIALOG: 1, LOGIN: 2, NOACTION: 3 });
    expect(ValidityCode).toEqual({ VALID: 1, INVALID: 2, EXPIRED: 3, PENDING: 4 });
    expect(decideAction({ guest: true, subscribed: false, loading: false, redirect: false })).toBe(ActionCode.LOGIN);
    expect(decideAction({ guest: false, subscribed: true, loading: false, redirect: false })).toBe(ActionCode.NOACTION);
    expect(decideAction({ guest: false, subscribed: false, loading: true, redirect: false })).toBe(ActionCode.NOACTION);
    expect(decideAction({ guest: false, subscribed: false, loading: false, redirect: true })).toBe(ActionCode.REDIRECT);
    expect(decideAction({ guest: false, subscribed: false, loading: false, redirect: false })).toBe(ActionCode.OPENDIALOG);
  });
});

describe('upgrade direction (commerce §4)', () => {
  it('is upgrade from level 0, downgrade from the last level, change otherwise', () => {
    expect(upgradeDirection(musicGroup, 101)).toBe('upgrade');
    expect(upgradeDirection(musicGroup, 103)).toBe('downgrade');
    expect(upgradeDirection(musicGroup, 102)).toBe('change');
  });

  it('labels plans against what the user holds', () => {
    expect(planRelation(inGroup(102), [101])).toBe('upgrade');
    expect(planRelation(inGroup(101), [102])).toBe('downgrade');
    expect(planRelation(inGroup(102), [102])).toBe('current');
    expect(planRelation(inGroup(102), [])).toBe('new');
  });
});

describe('subscribe validation (commerce §5)', () => {
  it('needs a type id, a locale and a return URL, else warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(validSubscribeInput({ subscriptionTypeId: 101, lang: 'en', redirect: 'http://localhost/subscription' })).toBe(true);
    expect(validSubscribeInput({ subscriptionTypeId: null, lang: 'en', redirect: 'x' })).toBe(false);
    expect(validSubscribeInput({ subscriptionTypeId: 101, lang: '', redirect: 'x' })).toBe(false);
    expect(validSubscribeInput({ subscriptionTypeId: 101, lang: 'en', redirect: '' })).toBe(false);
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('strips message and status from the return URL and adds the type, plus purchaseID and purchaseType when both exist', () => {
    const url = new URL(subscribeReturnUrl('http://localhost:8080/ar/subscription?status=402&message=x&keep=1#top'));
    expect(url.pathname).toBe('/ar/subscription');
    expect(url.searchParams.get('status')).toBeNull();
    expect(url.searchParams.get('message')).toBeNull();
    expect(url.searchParams.get('keep')).toBe('1');
    expect(url.searchParams.get('type')).toBe('subscription');
    expect(url.hash).toBe('');
    expect(new URL(subscribeReturnUrl('http://localhost/x', { purchaseID: 'p1' })).searchParams.has('purchaseID')).toBe(false);
    const both = new URL(subscribeReturnUrl('http://localhost/x', { purchaseID: 'p1', purchaseType: 'SUBSCRIPTION' }));
    expect(both.searchParams.get('purchaseID')).toBe('p1');
    expect(both.searchParams.get('purchaseType')).toBe('SUBSCRIPTION');
  });
});

describe('subscribe result mapping (commerce §4)', () => {
  it('maps statuses to feedback', () => {
    expect(mapSubscribeResult(200, null, null)).toEqual({ kind: 'feedback', status: 1, reload: true });
    expect(mapSubscribeResult(201, null, null)).toEqual({ kind: 'feedback', status: 1, reload: true });
    expect(mapSubscribeResult(202, 'SUBSCRIPTION_PENDING', null)).toMatchObject({ status: 6 });
    expect(mapSubscribeResult(402, 'INSUFFICIENT_FUNDS', null)).toMatchObject({ status: 2, reload: false });
    expect(mapSubscribeResult(409, 'USER_ALREADY_SUBSCRIBED', null)).toMatchObject({ status: 3 });
    expect(mapSubscribeResult(490, 'PAYMENT_DECLINED', 'Declined')).toMatchObject({ status: 4, code: 490, message: 'Declined' });
    expect(mapSubscribeResult(400, 'INVALID_REDIRECT', 'bad')).toMatchObject({ status: 5, message: 'INVALID_REDIRECT' });
    expect(mapSubscribeResult(500, null, 'boom')).toMatchObject({ status: 4, message: 'boom' });
  });

  it('opens the end-of-subscription-with-redirect dialog for NEED_CANCEL_… and the identity dialog for missing fields', () => {
    expect(mapSubscribeResult(409, 'NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE', null, { subscriptionId: 5 })).toEqual({
      kind: 'end-of-subscription-redirect',
      error: 'NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE',
      data: { subscriptionId: 5 },
    });
    expect(mapSubscribeResult(409, 'NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE', null).kind).toBe('end-of-subscription-redirect');
    expect(mapSubscribeResult(404, 'REQUIRED_IDENTITY_FIELD_NOT_FOUND', null, { fields: ['name', 'lastName'] })).toEqual({ kind: 'identity', fields: ['name', 'lastName'] });
  });

  it('names feedback statuses and shows other codes times 95', () => {
    expect([1, 2, 3, 5, 6, 4, 9].map(feedbackKind)).toEqual(['success', 'insufficient', 'duplicate', 'knownError', 'pending', 'error', 'error']);
    expect(displayedErrorCode(4)).toBe(380);
    expect(displayedErrorCode(7)).toBe(665);
    expect(displayedErrorCode(4, 490)).toBe(490);
  });
});

describe('the subscribe button category (commerce §4)', () => {
  it("is the current page's, else the previous page's, else none", () => {
    expect(subscribeButtonCategory('/video/list/all', '/music/list')).toBe('video');
    expect(subscribeButtonCategory('/search', '/music/tracks/blue/1')).toBe('music');
    expect(subscribeButtonCategory('/favorites', '/history')).toBeNull();
    expect(subscribeButtonCategory('/search', null)).toBeNull();
  });
});

describe('NEED_UPGRADE_TO_PREMIUM_SUBSCRIPTION (commerce §8)', () => {
  it('is the upgrade-to-premium outcome, whatever 4xx carries it', () => {
    expect(mapSubscribeResult(409, NEED_UPGRADE_TO_PREMIUM_SUBSCRIPTION, null)).toEqual({ kind: 'upgrade-to-premium' });
    expect(mapSubscribeResult(403, NEED_UPGRADE_TO_PREMIUM_SUBSCRIPTION, null)).toEqual({ kind: 'upgrade-to-premium' });
    expect(mapSubscribeResult(409, 'USER_ALREADY_SUBSCRIBED', null)).toMatchObject({ kind: 'feedback' });
  });

  it('offers the levels above the plan asked for', () => {
    const types = [plan(101, { subscriptionTypeGroupList: [musicGroup] }), plan(102, { subscriptionTypeGroupList: [musicGroup] }), plan(103, { subscriptionTypeGroupList: [musicGroup] }), plan(201)];
    expect(premiumPlanIds(types, 101)).toEqual([102, 103]);
    expect(premiumPlanIds(types, 103)).toEqual([]);
    expect(premiumPlanIds(types, 201)).toEqual([]);
  });
});

describe('vodacomMent', () => {
  const options = [
    { uuid: 'a', code: 'card', name: 'Card', flow: 'WEB', redirectionUrl: '/checkout/a' },
    { uuid: 'b', code: 'operator', name: 'Mobile bill', flow: 'API', redirectionUrl: null },
  ];
  it("takes the operator's option without asking on a Vodacom tenant only", () => {
    expect(operatorOption(options, tenantFlags({ vodacomMent: true }))?.uuid).toBe('b');
    expect(operatorOption(options, tenantFlags({}))).toBeNull();
    expect(operatorOption(options.slice(0, 1), tenantFlags({ vodacomMent: true }))).toBeNull();
  });
});
