/** The subscribe button (commerce §4): the plan category of the current or previous page; the decide dialog from the 3rd opening. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { resetSubscriptionStore } from '@/features/subscriptions/store';
import type { SubscriptionType } from '@/features/subscriptions/types';
import { resetPathHistory } from '@/lib/previous-path';
import { jsonResponse, renderApp, testToken } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const WAIT = { timeout: 8000 };

function plan(id: number, name: string, category: string, contentType: string): SubscriptionType {
  return {
    id,
    name,
    billingCycle: 'P1M',
    subscriptionTypePrice: { amount: 499, currency: 'EUR' },
    subscriptionTypePromotionPrice: null,
    attributes: [
      { key: 'ment_category', value: JSON.stringify([category]) },
      { key: 'DISPLAY_SERVICE_NAME_TEXT_en', value: name },
    ],
    contingents: [{ contentTypes: [contentType], amount: 10 }],
    accumulateContingent: false,
    cancelUrl: null,
    maxTrialDuration: null,
    paymentOptions: [],
    subscriptionTypeGroupList: [],
  };
}

const TYPES = [plan(101, 'Music Basic', 'music', 'full_track_music'), plan(201, 'Video Basic', 'video', 'full_length_video')];

beforeEach(() => {
  resetSubscriptionStore();
  resetPathHistory();
});
afterEach(() => resetSubscriptionStore());

describe('the subscribe button', () => {
  it("offers the section's plans, then the previous page's from a page without a category, and the decide dialog from the third opening", async () => {
    const { router, user } = await renderApp({
      path: '/music/list',
      structures: STRUCTURES,
      token: testToken(),
      fetch: (url, init) => {
        if (url.pathname.endsWith('/subscription/type')) return jsonResponse({ data: TYPES });
        if (url.pathname.endsWith('/subscription') && (init?.method ?? 'GET') === 'GET') return jsonResponse({ data: [] });
        if (url.pathname.includes('/categor')) return jsonResponse({ data: [] });
        if (url.pathname.includes('/catalog/')) return jsonResponse({ data: { entries: [], total: 0, offset: 0, limit: 20 } });
        return undefined;
      },
    });
    // 1st opening, on the music section: the music plans.
    const offer = await screen.findByTestId('subscribe-offer', {}, WAIT);
    await user.click(within(offer).getByRole('button', { name: 'Subscribe' }));
    const first = await waitFor(() => {
      const dialog = document.querySelector('[data-dialog="subscribe"]');
      expect(dialog).not.toBeNull();
      return dialog as HTMLElement;
    }, WAIT);
    expect(within(first).getByText('Music Basic')).toBeInTheDocument();
    expect(within(first).queryByText('Video Basic')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('[data-dialog="subscribe"]')).toBeNull(), WAIT);

    // 2nd opening, on the search page (no category of its own): the previous page's, music.
    await act(() => router.navigate('/search'));
    const again = await screen.findByTestId('subscribe-offer', {}, WAIT);
    await user.click(within(again).getByRole('button', { name: 'Subscribe' }));
    const second = await waitFor(() => {
      const dialog = document.querySelector('[data-dialog="subscribe"]');
      expect(dialog).not.toBeNull();
      return dialog as HTMLElement;
    }, WAIT);
    expect(within(second).getByText('Music Basic')).toBeInTheDocument();
    expect(within(second).queryByText('Video Basic')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('[data-dialog="subscribe"]')).toBeNull(), WAIT);

    // 3rd opening: the decide dialog, whatever the page.
    await user.click(within(screen.getByTestId('subscribe-offer')).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('dialog', { name: 'What would you like to enjoy?' }, WAIT)).toBeInTheDocument();
  }, 40_000);
});

describe('monsooqMent: a guest signs in to subscribe through the operator', () => {
  it("goes to the MSS login's page with the plan in the return address", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user, fetchMock } = await renderApp({
      path: '/subscription',
      structures: STRUCTURES,
      globalSettings: { features: { monsooqMent: true } },
      fetch: (url, init) => {
        if (url.pathname.endsWith('/subscription/type')) return jsonResponse({ data: TYPES });
        if (url.pathname.endsWith('/mss-login/api/session/signup') && init?.method === 'POST') return jsonResponse({ data: { url: 'http://backend.test/backend/operator/aurora?session=1' } });
        return undefined;
      },
    });
    const cards = await screen.findAllByTestId('plan-card', {}, WAIT);
    await user.click(within(cards[0]!).getByRole('button', { name: /^Subscribe/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://backend.test/backend/operator/aurora?session=1'), WAIT);
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/mss-login/api/session/signup'))!;
    const body = JSON.parse((call[1] as RequestInit).body as string) as { redirectionUrl: string; lang: string };
    expect(new URL(body.redirectionUrl).searchParams.get('subTypeId')).toBe('101');
    expect(body.lang).toBe('en');
    assign.mockRestore();
  }, 30_000);
});
