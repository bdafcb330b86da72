/**
 * A guest's track page shows without the commerce runtime (issue 52): its play button is decided
 * from the entitlement answer alone; pressing it brings the runtime, whose purchase check sends the
 * guest to sign in with the track to resume, as on a page that loads with the runtime. Module state
 * lives per test file (the runtime, once loaded, stays).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isCommerceLoaded } from '@/app/commerce-loader';
import { browser } from '@/lib/browser';
import type * as PagePayload from '@/lib/page-payload';
import { TRACK } from '@/testing/catalog-fixtures';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

// The shell's payload for the first page names its article (renderApp's payload carries structures only).
vi.mock('@/lib/page-payload', async (importOriginal) => {
  const actual = await importOriginal<typeof PagePayload>();
  const { TRACK: track } = await import('@/testing/catalog-fixtures');
  return { ...actual, pagePayload: (path: string) => ({ ...actual.pagePayload(path), article: track }) };
});

describe("a guest's track page", () => {
  it('shows its play button without the commerce runtime; pressing it brings the runtime and the purchase check', async () => {
    const { user } = await renderApp({
      path: '/music/tracks/midnight-drive/20001',
      structures: STRUCTURES,
      fetch: (url) => {
        if (url.pathname.endsWith('/catalog/articles/20001')) return jsonResponse({ data: { ...TRACK, related: [] } });
        // Nothing free for a guest: the button asks to sign in.
        if (url.pathname.endsWith('/purchase/ArticlePurchaseOptions/20001')) return jsonResponse({ data: {} });
        return undefined;
      },
    });
    const play = await screen.findByTestId('primary-action');
    await waitFor(() => expect(play).toHaveAttribute('data-action', 'sign-in'));
    expect(isCommerceLoaded()).toBe(false);

    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await user.click(play);
    // One sign-in option: straight to the hosted sign-in page, back to this track afterwards.
    await waitFor(() => expect(String(assign.mock.calls.at(-1)?.[0])).toContain('/backend/login/aurora?lang=en&redirectUrl='), { timeout: 5000 });
    expect(String(assign.mock.calls.at(-1)?.[0])).toContain('20001');
    expect(isCommerceLoaded()).toBe(true);
    assign.mockRestore();
  }, 20_000);
});
