/**
 * Issue 75: the console's mobile operator (CAMARA). A first save sends every setting and the secret; a later one keeps
 * the sealed secret unless a new one is typed, with the version it read; the operator's refusal of the credentials is
 * said at the secret's field; an editor is told the panel is for owners and admins without asking the server.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound, type FakeCall } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import { CamaraAccountSection } from '../components/camara-account-section';
import { camaraBodyOf } from '../camara-account-form';

const EMPTY = { configured: false, numberVerification: false, redirectUri: 'https://noor.example/backend/login/noor/network/callback', sinkUrl: 'https://noor.example/backend/payments/camara/notify/2' };
const SAVED = {
  ...EMPTY, configured: true, operatorName: 'Noor Mobile', apiRoot: 'https://api.operator.example', clientId: 'noor-client',
  clientSecretHint: 'PEM', authMethod: 'private_key_jwt', merchantIdentifier: 'noor-media', currency: 'SAR', steps: 2,
  numberVerification: true, version: 3, updatedAt: '2026-01-01T00:00:00Z',
};
const PEM = '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----';

describe('the mobile operator panel', () => {
  it('saves a first operator with its secret, then keeps the secret it does not show', async () => {
    const puts: FakeCall[] = [];
    let current: Record<string, unknown> = EMPTY;
    const fetchImpl = fakeFetch((call) => {
      if (!call.url.pathname.endsWith('/payment-providers/camara')) return notFound();
      if (call.method === 'PUT') {
        puts.push(call);
        current = SAVED;
      }
      return { status: 200, body: { data: current } };
    });
    await renderConsole(<CamaraAccountSection currency="SAR" />, { fetchImpl, role: 'owner' });
    await userEvent.type(await screen.findByLabelText(/Operator name/), 'Noor Mobile');
    await userEvent.type(screen.getByLabelText(/API root/), 'https://api.operator.example');
    await userEvent.type(screen.getByLabelText(/Client id/), 'noor-client');
    await userEvent.type(screen.getByLabelText(/Client secret or private key/), 'a-shared-secret');
    await userEvent.type(screen.getByLabelText(/Merchant identifier/), 'noor-media');
    await userEvent.click(screen.getByLabelText(/Sign-in by the network/));
    await userEvent.click(screen.getByRole('button', { name: 'Save operator' }));
    expect(await screen.findByText(/Operator saved/)).toBeInTheDocument();
    expect(puts[0]?.body).toEqual({
      operatorName: 'Noor Mobile', apiRoot: 'https://api.operator.example', clientId: 'noor-client', clientSecret: 'a-shared-secret',
      merchantIdentifier: 'noor-media', currency: 'SAR', steps: 2, numberVerification: true,
    });
    expect(await screen.findByTestId('camara-configured')).toHaveTextContent('Noor Mobile · client secret PEM · signs with a private key (private_key_jwt)');
    await userEvent.selectOptions(screen.getByLabelText('Payments'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save operator' }));
    await screen.findAllByText(/Operator saved/);
    expect(puts[1]?.body).toMatchObject({ steps: 1, version: 3 });
    expect(puts[1]?.body).not.toHaveProperty('clientSecret');
  });

  it('keeps a PEM key as typed (its line breaks) and leaves out an empty issuer', () => {
    const body = camaraBodyOf({ operatorName: ' Op ', apiRoot: 'https://a.example/ ', issuer: ' ', clientId: 'c', clientSecret: `${PEM}\n\n`, merchantIdentifier: 'm', currency: 'sar', steps: '2', numberVerification: false }, null);
    expect(body).toEqual({ operatorName: 'Op', apiRoot: 'https://a.example/', clientId: 'c', clientSecret: `${PEM}\n`, merchantIdentifier: 'm', currency: 'SAR', steps: 2, numberVerification: false });
  });

  it('says at the secret that the operator refused the credentials', async () => {
    const fetchImpl = fakeFetch((call) => {
      if (call.method === 'GET') return { status: 200, body: { data: SAVED } };
      return { status: 400, body: { status: 400, error: 'VALIDATION_ERROR', message: 'x', data: { field: 'clientSecret', reason: 'The operator does not accept this client id and secret' } } };
    });
    await renderConsole(<CamaraAccountSection />, { fetchImpl, role: 'admin' });
    await userEvent.type(await screen.findByLabelText(/Client secret or private key/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Save operator' }));
    expect(await screen.findByText('The operator does not accept this client id and secret')).toBeInTheDocument();
  });

  it('tells an editor the operator is for owners and admins, without asking the server', async () => {
    const fetchImpl = fakeFetch(() => ({ status: 403, body: { status: 403, error: 'STAFF_ROLE_REQUIRED', message: 'x', data: null } }));
    await renderConsole(<CamaraAccountSection />, { fetchImpl, role: 'editor' });
    expect(screen.getByTestId('camara-admins-only')).toHaveTextContent("Only the tenant's owners and admins see and change the mobile operator.");
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
