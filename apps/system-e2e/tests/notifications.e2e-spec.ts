import { expect, test } from '@playwright/test';
import { checkAtDesktopAndPhone, checkAtSize, DESKTOP, PHONE } from './support/accessibility';
import { turnOnCopyTrading, userIdOf } from './support/copy-flows';
import { signUpNewMember } from './support/member-flows';
import { buyAndShare, connectPaperBroker, newTraceOwner, subscribeAtBasic } from './support/trace-flows';

/**
 * Notifications in a real browser (docs/product.md#notifications). A follower with copy trading on keeps My Copy
 * Trades open; the owner shares a trade: the bell's count rises without a reload (the live push's
 * notification.created), the panel lists the share and the automatic copy, and following the copy's notification
 * marks it read and lands on My Copy Trades. /notifications lists them at 1440 and 390 px. The development mailbox
 * holds one notification e-mail whose unsubscribe link works without signing in. Screens checked with axe
 * (screenshots with E2E_SCREENSHOTS_DIR).
 */

const STAMP = Date.now().toString(36).slice(-5).toUpperCase();
const SYMBOL = `NB${STAMP}`;
const PRICE = 40;
const BELL = /^Notifications( \((\d+|99\+)\))?$/;

test('notifications: the bell rises live, the panel leads to the copy, the e-mail unsubscribes', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const owner = await newTraceOwner(baseURL!, {
    label: 'nbowner',
    usernameLabel: 'no',
    phonePrefix: '94',
    traceLabel: 'Notified',
  });
  let email = '';
  try {
    await test.step('a follower with the paper broker subscribes and turns copy trading on', async () => {
      const member = await signUpNewMember(page.request, {
        label: 'nbfollower',
        usernameLabel: 'nf',
        phonePrefix: '95',
        password: 'Notified-Follower-2026!',
        firstName: 'Bell',
        lastName: 'Follower',
      });
      email = member.email;
      const userId = await userIdOf(page.request);
      await connectPaperBroker(page.request, userId);
      await subscribeAtBasic(page.request, userId, owner.traceId);
      await turnOnCopyTrading(page, 200);
      await page.goto('/my-copies');
      await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    });

    const bell = page.getByRole('banner').getByRole('button', { name: BELL });
    await test.step('the owner shares: the bell counts the share and the copy, without a reload', async () => {
      await buyAndShare(owner, { symbol: SYMBOL, price: PRICE, quantity: 3 });
      await expect(page.getByRole('button', { name: 'Notifications (2)' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Notifications (2)' })).toHaveAccessibleDescription('2 unread');
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    });

    await test.step('the panel lists both, newest first; following the copy marks it read on My Copy Trades', async () => {
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        await bell.click();
        const panel = page.getByRole('menu', { name: 'Notifications' });
        await expect(panel.getByRole('menuitem').filter({ hasText: SYMBOL })).toHaveCount(2);
        await checkAtSize(page, size, 'notification panel', panel);
        await page.keyboard.press('Escape');
      }
      await page.goto('/trading-terminal');
      await bell.click();
      const copyItem = page
        .getByRole('menu', { name: 'Notifications' })
        .getByRole('menuitem')
        .filter({ hasText: SYMBOL })
        .filter({ hasText: /cop(y|ied)/i });
      await copyItem.first().click();
      await expect(page).toHaveURL(/\/my-copies$/);
      await expect(page.getByRole('button', { name: 'Notifications (1)' })).toBeVisible();
    });

    await test.step('/notifications lists them; the copy’s is read, the share’s is not', async () => {
      await page.goto('/notifications');
      const list = page.getByRole('list', { name: 'Notifications' });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(list.getByRole('button', { name: /^Mark as read:/ })).toHaveCount(1);
      await checkAtDesktopAndPhone(page, 'notifications page', list);
      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await expect(list.getByRole('button', { name: /^Mark as read:/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    });

    await test.step('the mailbox holds one notification e-mail; its unsubscribe link works signed out', async () => {
      const notificationMails = async () => {
        const response = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
        const { mails } = (await response.json()) as { mails: Array<{ text: string }> };
        return mails
          .map((mail) => mail.text.match(/https?:\/\/\S+\/unsubscribe\?token=[^\s"<>]+/g) ?? [])
          .filter((links) => links.length > 0);
      };
      // The beta-code mail has no such link; the share and the copy come in one notification e-mail, with a link
      // per topic (shared trades, the follower's own copies).
      await expect.poll(notificationMails, { timeout: 30_000 }).toHaveLength(1);
      const [links] = await notificationMails();
      const topicOf = (link: string) =>
        Buffer.from(new URL(link).searchParams.get('token')!.split('.')[0]!, 'base64url').toString().split(':')[1];
      expect(links!.map(topicOf).sort()).toEqual(['copy_activity', 'trade_shared']);
      const link = new URL(links!.find((candidate) => topicOf(candidate) === 'trade_shared')!);
      const visitor = await browser.newContext();
      try {
        const signedOut = await visitor.newPage();
        await signedOut.goto(`${link.pathname}${link.search}`);
        await expect(signedOut.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
        await checkAtDesktopAndPhone(signedOut, 'unsubscribe', signedOut.getByRole('button', { name: 'Unsubscribe' }));
        await signedOut.getByRole('button', { name: 'Unsubscribe' }).click();
        await expect(signedOut.getByRole('status')).toBeVisible();
        await expect(signedOut.getByRole('alert')).toHaveCount(0);
      } finally {
        await visitor.close();
      }
      // Exactly that switch is off for the follower; the others stay on.
      const preferences = await page.request.get('/api/user/notification-preferences');
      expect(((await preferences.json()) as { preferences: object }).preferences).toEqual({
        emailNotifications: true,
        notifyOnTradeShared: false,
        notifyOnTradeSold: true,
        notifyOnCopiedTradeSold: true,
      });
    });
  } finally {
    await owner.api.dispose();
  }
});
