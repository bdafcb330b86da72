/**
 * Parental control on the client: the rating-limit reason of a 404, the form messages of the
 * server's answers, and the page's set-up dialog sending PUT /parental-control.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import en from '@/locales/en/messages.json';
import { ApiError, configureApiClient } from '@/lib/api-client';
import { initI18n } from '@/lib/i18n';
import { portalStore } from '@/lib/store';
import { getParentalControl } from '../api/parental-control';
import { ParentalControlView } from '../components/parental-control-view';
import { parentalFailure } from '../error-text';
import { isRatingLimitError } from '../types';
import { useParentalControlSync } from '../use-parental-control-sync';

async function withI18n(ui: React.ReactNode) {
  const i18n = await initI18n('en', en);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('server answers', () => {
  it('recognises a 404 caused by the rating limit', () => {
    expect(isRatingLimitError({ error: 'ARTICLE_NOT_FOUND', data: { reason: 'RATING_LIMIT', maxRating: 20 } })).toBe(true);
    expect(isRatingLimitError({ error: 'ARTICLE_NOT_FOUND', data: null })).toBe(false);
    expect(isRatingLimitError(null)).toBe(false);
  });
  it('explains a wrong password with the attempts left, and the lock in minutes (Arabic digits in Arabic)', () => {
    const wrong = new ApiError('POST', '/x', 403, 'Forbidden', { error: 'PARENTAL_PASSWORD_WRONG', data: { attemptsLeft: 3 } });
    expect(parentalFailure(wrong)).toEqual({ key: 'parentalControl.errors.wrongPassword', params: { count: 3 } });
    const locked = new ApiError('POST', '/x', 429, 'Too Many', { error: 'TOO_MANY_ATTEMPTS', data: { retryAfter: 601 } });
    expect(parentalFailure(locked)).toEqual({ key: 'parentalControl.errors.locked', params: { count: 11 } });
    expect(parentalFailure(new ApiError('POST', '/x', 400, 'Bad', { error: 'RESET_CODE_INVALID' })).key).toBe('parentalControl.errors.badCode');
    expect(parentalFailure(new Error('offline')).key).toBe('parentalControl.errors.failed');
  });
});

describe('the /parentalControl page', () => {
  it('sets parental control up: grading and a parental password twice, sent as PUT /parental-control', async () => {
    portalStore.getState().setUser({ role: 'user', uuid: 'u-1' });
    let account = { hasPassword: false, maxAgeGroup: 40, isActive: false, maxRating: 60, lockedUntil: null };
    const fetchImpl = vi.fn<typeof fetch>((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/parental-control') && init?.method === 'PUT') {
        const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as { password: string; maxAgeGroup: number; isActive: boolean };
        expect(body).toEqual({ password: '2468', maxAgeGroup: 10, isActive: true });
        account = { hasPassword: true, maxAgeGroup: 10, isActive: true, maxRating: 10, lockedUntil: null };
      }
      return Promise.resolve(new Response(JSON.stringify({ data: account }), { status: 200, headers: { 'content-type': 'application/json' } }));
    });
    configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', getAccessToken: () => 'token', fetchImpl });
    await withI18n(<ParentalControlView />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up parental control' }));
    await user.click(await screen.findByRole('radio', { name: '6+' }));
    await user.type(screen.getByLabelText('Parental password'), '2468');
    await user.type(screen.getByLabelText('Repeat the parental password'), '2468');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.getByTestId('parental-status').textContent).toBe('On'));
    expect(screen.getByTestId('parental-limit').textContent).toBe('6+');
    expect(portalStore.getState().parentalConfig?.active).toBe(true);
  });
});

describe('GET /parental-control (commerce §8: returns the error answer, never throws)', () => {
  const failing = () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify({ status: 500, error: 'INTERNAL' }), { status: 500, headers: { 'content-type': 'application/json' } })));
    configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', getAccessToken: () => 'token', fetchImpl });
    return fetchImpl;
  };

  it('answers a failure as a value and logs it', async () => {
    failing();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await getParentalControl();
    expect(result).toMatchObject({ ok: false, error: { status: 500, code: 'INTERNAL' } });
    expect(error).toHaveBeenCalledWith('Could not read the parental-control account', expect.any(ApiError));
  });

  it('the page says it could not be loaded, and the store keeps no parental config', async () => {
    portalStore.getState().setUser({ role: 'user', uuid: 'u-1' });
    failing();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await withI18n(<ParentalControlView />);
    expect((await screen.findByRole('alert')).textContent).toBe('Parental control could not be loaded or saved. Please try again.');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderHook(() => useParentalControlSync(), { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    await waitFor(() => expect(client.getQueryState(['parental-control', 'u-1'])?.status).not.toBe('pending'));
    expect(portalStore.getState().parentalConfig).toBeNull();
  });
});
