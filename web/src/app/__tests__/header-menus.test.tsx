/**
 * The header's dropdown menus (account, language) hide nothing that stays focusable: axe's
 * `aria-hidden-focus` (issue 47 item 13) flagged the header, skip link and grid that a modal menu
 * hid from screen readers while Tab could still reach them. axe itself sees no focusable element in
 * jsdom (no layout), so the check is written out here.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testToken } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** The focusable elements inside an aria-hidden subtree that is not also inert. */
function hiddenButFocusable(): Element[] {
  return [...document.querySelectorAll('[aria-hidden="true"]')]
    .filter((hidden) => !hidden.closest('[inert]'))
    .flatMap((hidden) => [...(hidden.matches(FOCUSABLE) ? [hidden] : []), ...hidden.querySelectorAll(FOCUSABLE)]);
}

describe('header menus', () => {
  it('the open account menu leaves nothing focusable hidden', async () => {
    const { user } = await renderApp({ path: '/music/tracks', structures: STRUCTURES, token: testToken() });
    await user.click(await screen.findByRole('button', { name: 'Account menu: Sara Haddad, SH' }));
    await screen.findByRole('menu');
    expect(screen.getAllByRole('link').length).toBeGreaterThan(0);
    expect(hiddenButFocusable()).toEqual([]);
  });

  it('the open language menu leaves nothing focusable hidden', async () => {
    const { user } = await renderApp({ path: '/', structures: STRUCTURES });
    await user.click(await screen.findByRole('button', { name: /English/ }));
    await screen.findByRole('menu');
    expect(hiddenButFocusable()).toEqual([]);
  });
});
