/**
 * Code on first use (issue 14): a guest's first page carries no commerce runtime, no dialog and no
 * menu code; pressing a control brings what it needs. Module state lives per test file: the first
 * case is the one that sees the runtime not loaded yet.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isCommerceLoaded } from '@/app/commerce-loader';
import { renderApp } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

describe('code on first use', () => {
  it("a guest's home page runs without the commerce runtime; the first dialog brings it", async () => {
    const { user } = await renderApp({ path: '/', structures: STRUCTURES });
    expect(await screen.findByRole('heading', { name: 'New music' })).toBeInTheDocument();
    expect(isCommerceLoaded()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(isCommerceLoaded()).toBe(true);
  });

  it('the language menu stands in as a button and opens as a menu when pressed', async () => {
    const { user } = await renderApp({ path: '/', structures: STRUCTURES });
    const trigger = await screen.findByRole('button', { name: /English/ });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'العربية' })).toBeInTheDocument();
  });
});
