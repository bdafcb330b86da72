import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeAnswer } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import { currencyDecimals, toDecimal, toMinor } from '@/admin/lib/money';
import { PaymentActions } from '../components/customer-refund';

const payment = { id: 'p-1', amount: 999, refunded: 0, currency: 'EUR', status: 'SUCCEEDED' };

async function renderActions(role: string, answer: FakeAnswer = { status: 201, body: { data: { id: 'r-1', status: 'SUCCEEDED' } } }, p = payment) {
  const calls: { method: string; path: string; body: unknown; key: string | null }[] = [];
  const fetchImpl = fakeFetch(({ method, url, body, init }) => {
    calls.push({ method, path: url.pathname, body, key: new Headers(init?.headers).get('Idempotency-Key') });
    return answer;
  });
  const onDone = vi.fn();
  await renderConsole(<PaymentActions userId="u-1" payment={p} onDone={onDone} />, { fetchImpl, role });
  return { calls, onDone };
}

describe('money in major units', () => {
  it('reads and writes the currency major units', () => {
    expect(currencyDecimals('EUR')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(toMinor('4.99', 2)).toBe(499);
    expect(toMinor('4,5', 2)).toBe(450);
    expect(toMinor('12', 2)).toBe(1200);
    expect(toMinor('4.999', 2)).toBeNull();
    expect(toMinor('abc', 2)).toBeNull();
    expect(toMinor('500', 0)).toBe(500);
    expect(toDecimal(999, 2)).toBe('9.99');
  });
});

// The machine may be busy: generous limits, no timing asserted.
describe('PaymentActions', { timeout: 30_000 }, () => {
  it('is hidden from roles that may not refund, and when nothing is left', async () => {
    await renderActions('support');
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    await renderActions('editor');
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    await renderActions('finance', undefined, { ...payment, refunded: 999 });
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('refunds a part with a reason, keeping the plan by default, once per dialog key', async () => {
    const { calls, onDone } = await renderActions('finance');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const amount = screen.getByLabelText('Amount (EUR)');
    expect(amount).toHaveValue('9.99');
    expect(screen.getByLabelText(/Keep the plan/)).not.toBeChecked();  // a full refund ends the plan
    await userEvent.clear(amount);
    await userEvent.type(amount, '4.50');
    await userEvent.type(screen.getByLabelText('Reason'), 'Charged twice');
    await waitFor(() => expect(screen.getByLabelText(/Keep the plan/)).toBeChecked());  // a partial one keeps it
    await userEvent.click(screen.getAllByRole('button', { name: 'Refund' }).at(-1)!);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/backend/admin/customers/u-1/payments/p-1/refunds', body: { amount: 450, reason: 'Charged twice', keepPlan: true } });
    expect(calls[0]?.key).toBeTruthy();
    expect(onDone).toHaveBeenCalled();
  });

  it('shows errors on their field: too much (client and server) and a missing reason', async () => {
    const { calls } = await renderActions('admin', { status: 409, body: { status: 409, error: 'REFUND_EXCEEDS_PAYMENT', message: 'x', data: { field: 'amount', refundable: 300 } } });
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const amount = screen.getByLabelText('Amount (EUR)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    const submit = screen.getAllByRole('button', { name: 'Refund' }).at(-1)!;
    await userEvent.click(submit);
    expect(await screen.findByText('At most €9.99 is left to refund.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.click(submit);
    expect(await screen.findByText('Give a reason of 1 to 500 characters.', {}, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reason'), 'Goodwill');
    await userEvent.click(submit);
    expect(await screen.findByText('At most €3.00 is left to refund.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('a voucher order: shows its redeemed codes first, proposes the unredeemed share and sends the confirmation', async () => {
    const calls: { method: string; body: unknown }[] = [];
    const fetchImpl = fakeFetch(({ method, body }) => {
      calls.push({ method, body });
      return method === 'GET'
        ? { status: 200, body: { data: { paymentId: 'p-1', amount: 2000, refunded: 0, refundable: 2000, currency: 'EUR', status: 'SUCCEEDED', refunds: [], codes: { total: 2, redeemed: [{ hint: 'NPQR', redeemedAt: '2026-11-25T10:00:00Z' }], unredeemedAmount: 1000 } } } }
        : { status: 201, body: { data: { id: 'r-1', status: 'SUCCEEDED' } } };
    });
    await renderConsole(<PaymentActions userId="u-1" payment={{ id: 'p-1', amount: 2000, refunded: 0, currency: 'EUR', status: 'SUCCEEDED', purpose: 'vouchers' }} onDone={vi.fn()} />, { fetchImpl, role: 'finance' });
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('…-NPQR', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (EUR)')).toHaveValue('10.00');
    await userEvent.type(screen.getByLabelText('Reason'), 'Unused code');
    await userEvent.click(screen.getByLabelText(/Refund anyway/));
    await userEvent.click(screen.getAllByRole('button', { name: 'Refund' }).at(-1)!);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { amount: 1000, reason: 'Unused code', keepPlan: false, confirmRedeemed: true } });
  });

  it('says so when the provider refuses the refund', async () => {
    await renderActions('owner', { status: 502, body: { status: 502, error: 'REFUND_FAILED', message: 'x', data: {} } });
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await userEvent.type(screen.getByLabelText('Reason'), 'Charged twice');
    await userEvent.click(screen.getAllByRole('button', { name: 'Refund' }).at(-1)!);
    expect(await screen.findByText('The payment provider refused the refund. Nothing was refunded.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
