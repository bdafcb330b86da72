import { describe, expect, it } from 'vitest';
import { articleSuccessEffect, cartVoucherStatus, notifyArticlePurchased, onArticlePurchased, readPurchaseReturn, withoutParams, type ArticlePurchasedAction } from '../purchase-return';

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
    expect(readPurchaseReturn('?articleId=2101&purchaseType=MUSIC').action).toMatchObject({ kind: 'article-purchased', articleId: 2101, effect: 'purchased-download' });
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

  it('resumes the purchase check after a sign-in a guest’s Buy or Download started (typeID: what was pressed; issue 47 item 6)', () => {
    const back = readPurchaseReturn('?sort=new&articleId=20003&purchaseType=FULL_TRACK_MUSIC&typeID=download');
    expect(back.action).toEqual({ kind: 'resume-purchase', articleId: 20003, intent: 'download' });
    expect(back.consumed).toEqual(['articleId', 'purchaseType', 'typeID']);
    expect(readPurchaseReturn('?articleId=4504&purchaseType=GAME&typeID=play').action).toEqual({ kind: 'resume-purchase', articleId: 4504, intent: 'play' });
    // Without typeID it stays what an operator's return means: the article was bought.
    expect(readPurchaseReturn('?articleId=20003&purchaseType=FULL_TRACK_MUSIC').action.kind).toBe('article-purchased');
    // A checkout's answer is never a sign-in's, whatever else it carries.
    expect(readPurchaseReturn('?status=402&articleId=20003&purchaseType=FULL_TRACK_MUSIC&typeID=download').action.kind).toBe('feedback');
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

  describe('article purchases finish per type', () => {
    it('music and audiobooks open the purchased popup and download', () => {
      const { action, consumed } = readPurchaseReturn('?status=200&articleId=2101&purchaseType=FULL_TRACK_MUSIC&purchaseID=p1&page=2');
      expect(action).toEqual({ kind: 'article-purchased', articleId: 2101, purchaseType: 'FULL_TRACK_MUSIC', purchaseId: 'p1', effect: 'purchased-download' });
      expect(consumed).toEqual(['status', 'articleId', 'purchaseType', 'purchaseID']);
      expect(articleSuccessEffect('ALBUM')).toBe('purchased-download');
      expect(articleSuccessEffect('audio_book')).toBe('purchased-download');
    });

    it('online and cloud games start play, games start the download, challenges only clear', () => {
      expect(readPurchaseReturn('?status=200&articleId=4101&purchaseType=ONLINE_GAME&purchaseID=p').action).toMatchObject({ effect: 'play' });
      expect(readPurchaseReturn('?status=OK&articleId=4102&purchaseType=CLOUD_GAME').action).toMatchObject({ effect: 'play' });
      expect(readPurchaseReturn('?status=200&articleId=4201&purchaseType=GAME').action).toMatchObject({ effect: 'download' });
      const challenge = readPurchaseReturn('?status=200&articleId=8801&purchaseType=CHALLENGE');
      expect(challenge.action).toMatchObject({ effect: 'clear' });
      expect(challenge.consumed).toEqual(['status', 'articleId', 'purchaseType']);
      expect(articleSuccessEffect('VIDEO')).toBe('purchased');
    });

    it('failures of an article purchase go to the feedback steps like subscriptions', () => {
      expect(readPurchaseReturn('?status=402&error=INSUFFICIENT_FUNDS&articleId=2101').action).toMatchObject({ kind: 'feedback', status: 2 });
      expect(readPurchaseReturn('?status=202&articleId=2101&purchaseType=FULL_TRACK_MUSIC').action).toMatchObject({ kind: 'feedback', status: 6 });
      expect(readPurchaseReturn('?status=490&error=PAYMENT_DECLINED&articleId=2101').action).toMatchObject({ kind: 'feedback', status: 4, code: 490 });
      expect(readPurchaseReturn('?status=400&error=PAYMENT_CANCELLED&articleId=2101').action).toMatchObject({ kind: 'cancelled' });
    });

    it('hands article purchases to the registered handler', () => {
      const seen: ArticlePurchasedAction[] = [];
      onArticlePurchased((action) => seen.push(action));
      const action: ArticlePurchasedAction = { kind: 'article-purchased', articleId: 1, purchaseType: 'GAME', purchaseId: null, effect: 'download' };
      notifyArticlePurchased(action);
      onArticlePurchased(null);
      // Read before the app registered (first render): delivered once it does.
      notifyArticlePurchased({ ...action, articleId: 2 });
      expect(seen).toEqual([action]);
      onArticlePurchased((late) => seen.push(late));
      onArticlePurchased(null);
      expect(seen.map((item) => item.articleId)).toEqual([1, 2]);
    });
  });

  it('reads the cart checkout return as voucher feedback and consumes it', () => {
    const paid = readPurchaseReturn('?status=200&purchaseType=cart&purchaseID=o-1');
    expect(paid.action).toEqual({ kind: 'cart-return', voucherStatus: 1, purchaseId: 'o-1', error: null });
    expect(paid.consumed).toEqual(['status', 'purchaseType', 'purchaseID']);
    expect(readPurchaseReturn('?status=202&purchaseType=cart&purchaseID=o-1').action).toMatchObject({ voucherStatus: 6 });
    expect(readPurchaseReturn('?status=402&error=INSUFFICIENT_FUNDS&purchaseType=cart').action).toMatchObject({ voucherStatus: 2 });
    expect(readPurchaseReturn('?status=409&error=NOT_ENOUGH_AVAILABLE&purchaseType=cart').action).toMatchObject({ voucherStatus: 7 });
    expect(readPurchaseReturn('?status=490&error=PAYMENT_DECLINED&purchaseType=cart').action).toMatchObject({ voucherStatus: 0, error: 'PAYMENT_DECLINED' });
    expect(readPurchaseReturn('?status=400&error=PAYMENT_CANCELLED&purchaseType=cart').action).toMatchObject({ kind: 'cancelled' });
    expect(cartVoucherStatus(410, 'CHECKOUT_CLOSED')).toBe(0);
  });
});
