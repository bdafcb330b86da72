import { describe, expect, it } from 'vitest';
import { readPurchaseReturn, withoutParams } from '../purchase-return';

describe('purchase-return handling (commerce §2, §4)', () => {
  it('sends 402 or INSUFFICIENT_FUNDS to step 2', () => {
    const { action, consumed } = readPurchaseReturn('?status=402&error=INSUFFICIENT_FUNDS&subTypeId=102&keep=1');
    expect(action).toMatchObject({ kind: 'feedback', status: 2, subTypeId: 102, reload: false });
    expect(consumed).toEqual(['status', 'error', 'subTypeId']);
    expect(readPurchaseReturn('?error=INSUFFICIENT_FUNDS').action).toMatchObject({ status: 2 });
  });

  it('sends 409 or USER_ALREADY_SUBSCRIBED to step 3 and 202 to step 6', () => {
    expect(readPurchaseReturn('?status=409&error=USER_ALREADY_SUBSCRIBED&subTypeId=1').action).toMatchObject({ status: 3 });
    expect(readPurchaseReturn('?status=202&subTypeId=1&purchaseID=p').action).toMatchObject({ status: 6, reload: true });
  });

  it('treats 200, success, OK and an article purchase as success (reload), SUCCESS as purchased', () => {
    expect(readPurchaseReturn('?status=200&subTypeId=102&purchaseID=p&type=subscription').action).toMatchObject({ kind: 'feedback', status: 1, reload: true, purchased: false });
    expect(readPurchaseReturn('?status=OK').action).toMatchObject({ status: 1 });
    expect(readPurchaseReturn('?status=success').action).toMatchObject({ status: 1 });
    expect(readPurchaseReturn('?articleId=2101&purchaseType=MUSIC').action).toMatchObject({ status: 1, purchased: true });
    expect(readPurchaseReturn('?status=SUCCESS').action).toMatchObject({ status: 1, purchased: true });
  });

  it('sends other errors to step 4 with status and message', () => {
    const { action } = readPurchaseReturn('?status=490&error=PAYMENT_DECLINED&msg=Declined%20by%20bank&subTypeId=3');
    expect(action).toMatchObject({ kind: 'feedback', status: 4, code: 490, message: 'Declined by bank' });
    expect(readPurchaseReturn('?status=400&error=PAYMENT_DECLINED&i18Message=Declined').action).toMatchObject({ status: 4, code: 400, message: 'Declined' });
  });

  it('says a checkout cancelled by the user was cancelled, not an error, and consumes its parameters', () => {
    const { action, consumed } = readPurchaseReturn('?status=400&error=PAYMENT_CANCELLED&subTypeId=102&page=2');
    expect(action).toEqual({ kind: 'cancelled', subTypeId: 102 });
    expect(consumed).toEqual(['status', 'error', 'subTypeId']);
  });

  it('opens the login-subscription error for NO_SUBSCRIPTION_FOUND with 404', () => {
    expect(readPurchaseReturn('?status=404&error=NO_SUBSCRIPTION_FOUND').action).toEqual({ kind: 'login-subscription-error' });
  });

  it('resumes subscribing after sign-in when only subTypeId came back', () => {
    const result = readPurchaseReturn('?subTypeId=102');
    expect(result.action).toEqual({ kind: 'resume-subscribe', subTypeId: 102 });
    expect(result.consumed).toEqual(['subTypeId']);
  });

  it('keeps the marketing campaign and leaves unrelated addresses alone', () => {
    const result = readPurchaseReturn('?campgainId=c1&clickId=k9&page=2');
    expect(result.marketingCampaign).toEqual({ campgainId: 'c1', clickId: 'k9' });
    expect(result.action).toEqual({ kind: 'none' });
    expect(result.consumed).toEqual(['campgainId', 'clickId']);
    expect(readPurchaseReturn('?type=subscription&page=2')).toEqual({ action: { kind: 'none' }, consumed: [], marketingCampaign: null });
  });

  it('removes consumed parameters only', () => {
    expect(withoutParams('?status=200&page=2&subTypeId=1', ['status', 'subTypeId'])).toBe('?page=2');
    expect(withoutParams('?status=200', ['status'])).toBe('');
  });
});
