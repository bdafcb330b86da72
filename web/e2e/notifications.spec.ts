/**
 * Notifications and info services (issue 15): the demo subscriber signs in, sees the unread count on
 * the header's bell, opens /notifications, opens the acceptance of their join request (it is marked
 * read and the page goes to the tournament), and the badge counts one less. Info services: subscribe
 * to one and find it on /profile/info-service-subscriptions. Screenshots: desktop and mobile, en and
 * ar (right to left).
 */
import { aurora, bundle, decideCookies, expect, noor, screenshot, signInOnHostedPage, test, text } from './support';

const en = bundle('en');
const ar = bundle('ar');

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

test('open a notification: it is read, the page goes to its target and the badge counts one less', async ({ page }) => {
  await page.goto(`${aurora}/profile`);
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await signInOnHostedPage(page);
  await page.waitForURL(`${aurora}/profile`);

  const badge = page.getByTestId('notifications-badge');
  await expect(badge).toBeVisible();
  // The count arrives after the bell: wait for a number before reading it.
  await expect(badge).toHaveText(/^[1-9]\d*$/);
  const unreadBefore = Number((await badge.textContent())?.trim() ?? '0');
  expect(unreadBefore).toBeGreaterThanOrEqual(3);
  await badge.click();
  await page.waitForURL(`${aurora}/notifications`);
  await expect(page.getByRole('heading', { level: 1, name: text(en, 'meta.notifications.title') })).toBeVisible();
  const list = page.getByTestId('notification-list');
  await expect(list.getByRole('button')).toHaveCount(unreadBefore);
  await screenshot(page, 'notifications-en-desktop');

  const accepted = list.getByRole('button', { name: new RegExp(text(en, 'notifications.kind.TEAM_REQUEST_ACCEPTED.title')) });
  await expect(accepted).toHaveAttribute('data-read', 'false');
  await accepted.click();
  await page.waitForURL(new RegExp(`${aurora}/tournaments/details/\\d+$`));
  await expect(badge).toHaveText(String(unreadBefore - 1));

  await page.goBack();
  await page.waitForURL(`${aurora}/notifications`);
  await expect(list.getByRole('button', { name: new RegExp(text(en, 'notifications.kind.TEAM_REQUEST_ACCEPTED.title')) })).toHaveAttribute('data-read', 'true');

  await page.getByRole('button', { name: text(en, 'notifications.markAllRead') }).click();
  await expect(page.getByText(text(en, 'notifications.allRead'))).toBeVisible();
  await expect(badge.locator('span')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'notifications-en-mobile', true);
});

test('info services: subscribe to one and find it in the profile, right to left in Arabic', async ({ page }) => {
  await page.goto(`${noor}/ar/profile/info-service-subscriptions`);
  await page.waitForURL(/\/backend\/login\/noor\?/);
  await signInOnHostedPage(page);
  await page.waitForURL(`${noor}/ar/profile/info-service-subscriptions`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(text(ar, 'infoServices.noSubscriptions'))).toBeVisible();

  await page.getByRole('link', { name: text(ar, 'infoServices.browse') }).click();
  await page.waitForURL(`${noor}/ar/partners/info-services`);
  const quote = page.locator('article[data-service=quote-of-the-day]');
  await expect(quote.getByRole('heading', { name: 'حكمة اليوم' })).toBeVisible();
  await quote.getByRole('button', { name: text(ar, 'infoServices.subscribe') }).click();
  await expect(quote.getByRole('button', { name: text(ar, 'infoServices.unsubscribe') })).toBeVisible();
  await screenshot(page, 'info-services-ar-desktop', true);

  await page.goto(`${noor}/ar/profile/info-service-subscriptions`);
  const mine = page.getByTestId('info-subscriptions');
  await expect(mine.getByRole('heading', { name: 'حكمة اليوم' })).toBeVisible();
  await screenshot(page, 'info-subscriptions-ar-desktop', true);

  // The Arabic notifications page of the same user: right to left.
  await page.goto(`${noor}/ar/notifications`);
  await expect(page.getByRole('heading', { level: 1, name: text(ar, 'meta.notifications.title') })).toBeVisible();
  await expect(page.getByTestId('notification-list')).toBeVisible();
  await screenshot(page, 'notifications-ar-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'notifications-ar-mobile', true);

  // Unsubscribing takes it off the profile list.
  await page.goto(`${noor}/ar/profile/info-service-subscriptions`);
  await page.getByRole('button', { name: text(ar, 'infoServices.unsubscribe') }).click();
  await expect(page.getByText(text(ar, 'infoServices.noSubscriptions'))).toBeVisible();
});
