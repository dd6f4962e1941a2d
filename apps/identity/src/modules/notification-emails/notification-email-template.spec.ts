import type { EmailTopic } from '@copytrade/contracts';
import {
  NOTIFICATION_EMAIL_LISTED_ITEMS,
  notificationEmail,
  type EmailedNotification,
} from './notification-email-template';

const item = (topic: EmailTopic, title: string, link = '/my-copies'): EmailedNotification => ({
  topic,
  title,
  body: `${title} body`,
  link,
});
const tokens = new Map<EmailTopic, string>([
  ['trade_shared', 'tok.shared'],
  ['copy_activity', 'tok.copies'],
]);

describe('notificationEmail', () => {
  it('puts the main topic in the one-click headers and a link per topic in both parts', () => {
    const mail = notificationEmail({
      to: 'a@example.com',
      items: [item('copy_activity', 'Copy opened'), item('trade_shared', 'A'), item('trade_shared', 'B')],
      publicUrl: 'https://copytrade.example/',
      unsubscribeTokens: tokens,
    });
    expect(mail.subject).toBe('3 updates from CopyTrade');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://copytrade.example/api/notifications/unsubscribe?token=tok.shared>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain('https://copytrade.example/unsubscribe?token=tok.shared');
      expect(part).toContain('https://copytrade.example/unsubscribe?token=tok.copies');
      expect(part).toContain('https://copytrade.example/my-copies');
    }
  });

  it('escapes what the notifications say in the HTML part and keeps links on the public origin', () => {
    const mail = notificationEmail({
      to: 'a@example.com',
      items: [item('trade_shared', '<b>"AT&T"</b>', 'https://evil.example/')],
      publicUrl: 'https://copytrade.example',
      unsubscribeTokens: tokens,
    });
    expect(mail.subject).toBe('<b>"AT&T"</b>');
    expect(mail.html).toContain('&lt;b&gt;&quot;AT&amp;T&quot;&lt;/b&gt;');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.text).toContain('https://copytrade.example/notifications');
  });

  it(`lists the first ${NOTIFICATION_EMAIL_LISTED_ITEMS} and counts the rest`, () => {
    const items = Array.from({ length: 25 }, (_, i) => item('copy_activity', `Item ${i}`));
    const mail = notificationEmail({
      to: 'a@example.com',
      items,
      publicUrl: 'https://copytrade.example',
      unsubscribeTokens: tokens,
    });
    expect(mail.subject).toBe('25 updates from CopyTrade');
    expect(mail.text).toContain('Item 19');
    expect(mail.text).not.toContain('Item 20');
    expect(mail.text).toContain('And 5 more: https://copytrade.example/notifications');
  });
});
