import type { EmailTopic } from '@copytrade/contracts';
import type { OutgoingMail } from '../mail/mailer';
import { EMAIL_TOPIC_SUBJECTS } from './email-topic-switches';

/** One notification as its e-mail lists it. */
export interface EmailedNotification {
  title: string;
  body: string;
  /** The in-app path ("/my-copies"); made absolute on the public URL. */
  link: string;
  topic: EmailTopic;
}

export interface NotificationEmailInput {
  to: string;
  /** Every notification the e-mail tells of, newest first. */
  items: EmailedNotification[];
  /** The web app's origin (PUBLIC_URL). */
  publicUrl: string;
  /** The unsubscribe token of each topic in the e-mail. */
  unsubscribeTokens: ReadonlyMap<EmailTopic, string>;
}

/** An e-mail lists this many notifications; the rest are counted and linked to /notifications. */
export const NOTIFICATION_EMAIL_LISTED_ITEMS = 20;

/**
 * The summary e-mail of a user's notifications: the one item's title as subject, or "N updates from CopyTrade";
 * text and HTML parts; a link per item (the first 20); one unsubscribe link per topic in the body, and the RFC 8058 one-click
 * headers for the main topic (the one with the most items).
 */
export function notificationEmail(input: NotificationEmailInput): OutgoingMail {
  const origin = input.publicUrl.replace(/\/+$/, '');
  const total = input.items.length;
  const subject = total === 1 ? input.items[0]!.title : `${total} updates from CopyTrade`;
  const items = input.items
    .slice(0, NOTIFICATION_EMAIL_LISTED_ITEMS)
    .map((item) => ({ ...item, url: absolute(origin, item.link) }));
  const allUrl = `${origin}/notifications`;
  const settingsUrl = `${origin}/settings?tab=notifications`;
  const topics = topicsByWeight(input.items);
  const unsubscribes = topics.map((topic) => {
    const token = encodeURIComponent(input.unsubscribeTokens.get(topic)!);
    return {
      about: EMAIL_TOPIC_SUBJECTS[topic],
      pageUrl: `${origin}/unsubscribe?token=${token}`,
      oneClickUrl: `${origin}/api/notifications/unsubscribe?token=${token}`,
    };
  });
  const more = total > items.length ? `And ${total - items.length} more` : null;

  const text = [
    total === 1 ? 'An update from CopyTrade:' : `${total} updates from CopyTrade:`,
    '',
    ...items.flatMap((item) => [`* ${item.title}`, `  ${item.body}`, `  ${item.url}`, '']),
    ...(more ? [`${more}: ${allUrl}`, ''] : []),
    '--',
    ...unsubscribes.map((link) => `Stop e-mails about ${link.about}: ${link.pageUrl}`),
    `Choose which e-mails you get: ${settingsUrl}`,
  ].join('\n');

  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#111">',
    `<p>${escapeHtml(total === 1 ? 'An update from CopyTrade:' : `${total} updates from CopyTrade:`)}</p>`,
    '<ul style="padding-left:1.2em">',
    ...items.map(
      (item) =>
        `<li style="margin-bottom:1em"><a href="${escapeHtml(item.url)}"><strong>${escapeHtml(item.title)}</strong></a>` +
        `<br>${escapeHtml(item.body)}</li>`,
    ),
    '</ul>',
    ...(more ? [`<p><a href="${escapeHtml(allUrl)}">${escapeHtml(more)}</a></p>`] : []),
    '<hr><p style="font-size:12px;color:#555">',
    ...unsubscribes.map(
      (link) => `<a href="${escapeHtml(link.pageUrl)}">Stop e-mails about ${escapeHtml(link.about)}</a><br>`,
    ),
    `<a href="${escapeHtml(settingsUrl)}">Choose which e-mails you get</a>`,
    '</p></body></html>',
  ].join('\n');

  return {
    to: input.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribes[0]!.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The topics of the items, the one with the most items first (ties: the newest item's). */
function topicsByWeight(items: EmailedNotification[]): EmailTopic[] {
  const counts = new Map<EmailTopic, number>();
  for (const item of items) counts.set(item.topic, (counts.get(item.topic) ?? 0) + 1);
  return [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)!);
}

/** An in-app path on the public origin; anything else (never expected) leads to /notifications. */
function absolute(origin: string, link: string): string {
  return link.startsWith('/') && !link.startsWith('//') ? `${origin}${link}` : `${origin}/notifications`;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
