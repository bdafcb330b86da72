import { describe, expect, it } from 'vitest';
import { VOUCHER_CODE_PATTERN, feedbackOfAnswer, normalizeVoucherCode, purchaseReason, redeemReason, voucherFeedback } from '../voucher-feedback';

describe('voucher feedback (commerce §4)', () => {
  it('maps 1, 2, 3, 6, 7 and anything else', () => {
    expect([1, 2, 3, 6, 7, 4, 5, 0, null].map((code) => voucherFeedback(code))).toEqual(['success', 'insufficient', 'duplicate', 'pending', 'notFound', 'error', 'error', 'error', 'error']);
  });

  it('takes the server voucherStatus first, else the HTTP status', () => {
    expect(feedbackOfAnswer({ ok: false, status: 409, data: { voucherStatus: 3 } })).toBe('duplicate');
    expect(feedbackOfAnswer({ ok: false, status: 404, data: { voucherStatus: 7 } })).toBe('notFound');
    expect(feedbackOfAnswer({ ok: true, status: 200, data: { voucherStatus: 1 } })).toBe('success');
    expect(feedbackOfAnswer({ ok: false, status: 404, data: null })).toBe('notFound');
    expect(feedbackOfAnswer({ ok: false, status: 402, data: null })).toBe('insufficient');
    expect(feedbackOfAnswer({ ok: false, status: 202, data: null })).toBe('pending');
    expect(feedbackOfAnswer({ ok: false, status: 500, data: null })).toBe('error');
  });

  it('normalises typed codes', () => {
    expect(normalizeVoucherCode('  abcd-efgh jkmn ')).toBe('ABCD-EFGHJKMN');
    expect(VOUCHER_CODE_PATTERN.test(normalizeVoucherCode('abcd-efgh-jkmn'))).toBe(true);
    expect(VOUCHER_CODE_PATTERN.test('ABC')).toBe(false);
    expect(VOUCHER_CODE_PATTERN.test('ABCD_EFGH')).toBe(false);
  });
});

describe('what the status alone does not say (issue 30)', () => {
  it('a held level of the group is never "already redeemed"; an extension and a pending payment are named', () => {
    expect(redeemReason({ ok: false, code: 'NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE', data: { voucherStatus: 3 } })).toBe('levelTaken');
    expect(redeemReason({ ok: false, code: 'NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE', data: { voucherStatus: 3 } })).toBe('levelTaken');
    expect(redeemReason({ ok: false, code: 'SUBSCRIPTION_PAYMENT_PENDING', data: { voucherStatus: 0 } })).toBe('planPending');
    expect(redeemReason({ ok: false, code: 'VOUCHER_ALREADY_REDEEMED', data: { voucherStatus: 3 } })).toBeNull();
    expect(redeemReason({ ok: true, code: null, data: { voucherStatus: 1, extended: true } })).toBe('extended');
    expect(redeemReason({ ok: true, code: null, data: { voucherStatus: 1, extended: false } })).toBeNull();
  });

  it('a declined card says so', () => {
    expect(purchaseReason('PAYMENT_DECLINED')).toBe('declined');
    expect(purchaseReason('INSUFFICIENT_FUNDS')).toBeNull();
    expect(purchaseReason(null)).toBeNull();
  });
});
