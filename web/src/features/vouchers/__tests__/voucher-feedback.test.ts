import { describe, expect, it } from 'vitest';
import { VOUCHER_CODE_PATTERN, feedbackOfAnswer, normalizeVoucherCode, voucherFeedback } from '../voucher-feedback';

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
