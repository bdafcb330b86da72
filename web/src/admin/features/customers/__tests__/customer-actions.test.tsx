import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, notFound, type FakeAnswer } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import { AccountActions, GrantArticle, PurchaseActions, SubscriptionActions, VoucherOrderActions } from '../components/customer-actions';

async function renderWith(node: ReactNode, answers: Record<string, FakeAnswer>, role = 'support') {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchImpl = fakeFetch(({ method, url, body }) => {
    calls.push({ method, path: url.pathname, body });
    return answers[`${method} ${url.pathname}`] ?? notFound();
  });
  await renderConsole(node, { fetchImpl, role });
  return calls;
}

const base = '/backend/admin/customers/u-1';
const sub = { id: 's-1', status: 'ACTIVE', endsAt: '2026-12-25T00:00:00Z' };
const careSub = { id: 's-1', typeId: 101, status: 'CANCELED', cancelRequested: true, endsAt: '2026-11-25T00:00:00Z', nextRenewalAt: null };

describe('customer actions', { timeout: 30_000 }, () => {
  it('cancels a plan now after a confirm dialog that requires a reason, and says so', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const calls = await renderWith(<SubscriptionActions userId="u-1" subscription={sub} onDone={onDone} />, {
      [`POST ${base}/subscriptions/s-1/cancel`]: { status: 200, body: { data: careSub } },
    });
    await user.click(screen.getByRole('button', { name: 'Cancel now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the plan now' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel now' }));
    expect(await within(dialog).findByText('Give a reason.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'charged twice');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel now' }));
    expect(await screen.findByText('The plan was cancelled.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: `${base}/subscriptions/s-1/cancel`, body: { when: 'now', reason: 'charged twice' } }]);
    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('comps days, checks the range, and shows a server error by its field', async () => {
    const user = userEvent.setup();
    const calls = await renderWith(<SubscriptionActions userId="u-1" subscription={sub} onDone={() => undefined} />, {
      [`POST ${base}/subscriptions/s-1/comp`]: {
        status: 400,
        body: { status: 400, error: 'VALIDATION_ERROR', message: 'reason: is required', data: { field: 'reason', reason: 'is required' } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Comp days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give free days' });
    const days = within(dialog).getByLabelText('Free days');
    await user.clear(days);
    await user.type(days, '400');
    await user.type(within(dialog).getByLabelText('Reason'), 'outage');
    await user.click(within(dialog).getByRole('button', { name: 'Give the days' }));
    expect(await within(dialog).findByText('Give a whole number of days from 1 to 366.')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Give the days' }));
    expect(await within(dialog).findByText('Check the highlighted field. (is required)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(calls[0]?.body).toEqual({ days: 10, reason: 'outage' });
  });

  it('shows no plan actions for a plan that is not active, and nothing to a role that may not act', async () => {
    await renderWith(
      <>
        <SubscriptionActions userId="u-1" subscription={{ ...sub, status: 'CANCELED' }} onDone={() => undefined} />
        <AccountActions userId="u-1" onDone={() => undefined} />
      </>,
      {},
      'editor',
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('grants an article by number and revokes a purchase; a known error is named', async () => {
    const user = userEvent.setup();
    const calls = await renderWith(
      <>
        <GrantArticle userId="u-1" onDone={() => undefined} />
        <PurchaseActions userId="u-1" purchase={{ id: 'p-1', articleId: '20001' }} onDone={() => undefined} />
      </>,
      {
        [`POST ${base}/articles`]: { status: 409, body: { status: 409, error: 'ALREADY_OWNED', message: 'owned', data: { articleId: 20001 } } },
        [`POST ${base}/purchases/p-1/revoke`]: { status: 200, body: { data: { id: 'p-1', articleId: 20001, status: 'CANCELLED', amount: 0, currency: 'EUR' } } },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Grant an article' }));
    const grant = await screen.findByRole('dialog', { name: 'Grant an article' });
    await user.type(within(grant).getByLabelText('Article ID'), '20001');
    await user.type(within(grant).getByLabelText('Reason'), 'lost purchase');
    await user.click(within(grant).getByRole('button', { name: 'Grant' }));
    expect(await within(grant).findByText('The customer owns this article already.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ articleId: 20001, reason: 'lost purchase' });
    await user.click(within(grant).getByRole('button', { name: 'Back' }));

    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const revoke = await screen.findByRole('dialog', { name: 'Revoke the article' });
    await user.type(within(revoke).getByLabelText('Reason'), 'by mistake');
    await user.click(within(revoke).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Article 20001 was revoked.')).toBeInTheDocument();
  });

  it('resends voucher codes and runs the account actions with an optional reason', async () => {
    const user = userEvent.setup();
    const calls = await renderWith(
      <>
        <VoucherOrderActions userId="u-1" orderId="o-1" onDone={() => undefined} />
        <AccountActions userId="u-1" onDone={() => undefined} />
      </>,
      {
        [`POST ${base}/voucher-orders/o-1/resend`]: { status: 200, body: { data: { orderId: 'o-1', codes: 2, mailedTo: 'u***@example.com' } } },
        [`POST ${base}/sessions/end`]: { status: 200, body: { data: { ended: 3 } } },
        [`POST ${base}/password-reset`]: { status: 200, body: { data: { mailedTo: 'u***@example.com' } } },
        [`POST ${base}/parental-reset`]: { status: 409, body: { status: 409, error: 'NO_EMAIL', message: 'none', data: null } },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Resend codes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('2 new codes were sent to u***@example.com.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'End all sessions' }));
    const end = await screen.findByRole('dialog', { name: 'End all sessions' });
    await user.type(within(end).getByLabelText('Reason'), 'stolen phone');
    await user.click(within(end).getByRole('button', { name: 'End sessions' }));
    expect(await screen.findByText('3 sessions were ended.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send password reset' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A reset link was sent to u***@example.com.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send parental-control reset' }));
    const parental = await screen.findByRole('dialog');
    await user.click(within(parental).getByRole('button', { name: 'Send' }));
    expect(await within(parental).findByText('The customer has no verified e-mail address.')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual([
      `${base}/voucher-orders/o-1/resend`, `${base}/sessions/end`, `${base}/password-reset`, `${base}/parental-reset`,
    ]);
    expect(calls[1]?.body).toEqual({ reason: 'stolen phone' });
  });
});
