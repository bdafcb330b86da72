/**
 * No signed-in page scrolls sideways on a phone (issue 30): at 320 and 390 pixels in English, German and Arabic. A
 * page wider than the viewport names its widest elements. Every page type as a guest: every-page-type.spec.ts.
 */
import { checkSideways } from './page-checks';
import { aurora, decideCookies, expect, noor, signInOnHostedPage, test, vela } from './support';

// The walks share nothing: they may run in different workers.
test.describe.configure({ mode: 'parallel' });

const SIGNED_IN = ['/profile', '/profile/manage', '/myPurchases', '/favorites', '/history', '/notifications', '/reward', '/parentalControl'];

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

for (const [name, base, prefix] of [
  ['English', aurora, ''],
  ['German', vela, '/de'],
  ['Arabic', noor, '/ar'],
] as const) {
  test(`no signed-in page scrolls sideways at 320 and 390 pixels, ${name}`, async ({ page }) => {
    test.setTimeout(360_000);
    await page.goto(`${base}${prefix}/profile`);
    await page.waitForURL(/\/backend\/login\//);
    await signInOnHostedPage(page, 'subscriber@example.com');
    await page.waitForURL(`${base}${prefix}/profile`);
    const found: string[] = [];
    for (const path of SIGNED_IN) await checkSideways(page, `${base}${prefix}${path}`, found);
    expect(found, found.join('\n')).toEqual([]);
  });
}
