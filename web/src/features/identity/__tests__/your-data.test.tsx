/**
 * The profile's "Your data" section: "Download my data" saves GET /user/data as a JSON file;
 * "Delete my account" opens the confirm dialog, which asks for the password, shows a wrong one on
 * the field, and on success sends POST /user/data/delete {currentPassword} and ends the session here.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en/messages.json';
import { configureApiClient } from '@/lib/api-client';
import { closeDialog } from '@/lib/dialogs';
import { initI18n } from '@/lib/i18n';
import { portalStore } from '@/lib/store';
import { YourDataSection } from '../components/your-data-section';

async function renderSection() {
  const i18n = await initI18n('en', en);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={['/profile']}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <YourDataSection hasEmail />
        </QueryClientProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

function json(body: unknown, status = 200): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => {
  closeDialog('delete-account');
  vi.restoreAllMocks();
});

describe('Your data', () => {
  it('downloads the document as a JSON file named after the tenant and the day', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => json({ tenant: 'aurora', exportedAt: '2026-11-25T10:00:00Z', payments: [{ id: 'p-1' }] }));
    configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', getAccessToken: () => 'token', fetchImpl });
    const createObjectURL = vi.fn(() => 'blob:data');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderSection();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('my-data-aurora-2026-11-25.json');
    const [input] = fetchImpl.mock.calls[0] ?? [];
    expect(typeof input === 'string' ? input : input instanceof URL ? input.href : input?.url).toBe('http://backend.test/backend/user/data');
  });

  it('deletes the account after the password: a wrong one shows on the field, the right one ends the session', async () => {
    portalStore.getState().setUser({ role: 'user', uuid: 'u-1' });
    const bodies: unknown[] = [];
    const fetchImpl = vi.fn<typeof fetch>((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/user/data/delete')) {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { currentPassword?: string };
        bodies.push(body);
        if (body.currentPassword !== 'right-password')
          return json({ status: 403, error: 'CURRENT_PASSWORD_WRONG', message: 'wrong', data: null }, 403);
        return json({ data: { deletedAt: '2026-11-25T10:00:00Z', pseudonym: 'deleted-abc', plansCancelled: 1 } });
      }
      return json({ data: {} });
    });
    configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', getAccessToken: () => 'token', fetchImpl });
    await renderSection();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = () => user.click(screen.getByTestId('confirm-delete-account'));
    await confirm();
    expect(bodies).toEqual([]);  // the password is required before anything is sent
    await user.type(screen.getByLabelText('Your password'), 'not-it');
    await confirm();
    expect(await screen.findByText('The password is not correct.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'right-password');
    await confirm();
    await waitFor(() => expect(portalStore.getState().role).toBe('client'));
    expect(bodies).toEqual([{ currentPassword: 'not-it' }, { currentPassword: 'right-password' }]);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });
});
