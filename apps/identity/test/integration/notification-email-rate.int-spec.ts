import { randomUUID } from 'node:crypto';
import { NotificationEmailWorker } from '../../src/modules/notification-emails/notification-email-worker';
import { useIdentityService } from '../support/identity-under-test';

/** NOTIFICATION_EMAIL_RATE_PER_MINUTE=120: one e-mail every 500 ms at most, however many recipients are due. */
const identity = useIdentityService('identity_notification_email_rate', { NOTIFICATION_EMAIL_RATE_PER_MINUTE: '120' });
const RECIPIENTS = 8;
const SPACING_MS = 500;

it('sends no more than the configured rate, evenly spaced, and drains the queue at that pace', async () => {
  const emails: string[] = [];
  for (let i = 0; i < RECIPIENTS; i++) {
    const name = `rate${i}${randomUUID().slice(0, 8)}`;
    emails.push(`${name}@example.com`);
    await identity.db.query(
      `WITH u AS (
         INSERT INTO identity.users (username, email, password_hash) VALUES ($1, $2, 'not-a-hash') RETURNING id)
       INSERT INTO identity.notifications (user_id, kind, title, body, link, dedupe_key, email_topic, created_at)
       SELECT id, 'copy_opened', 'Your copy opened', 'AAPL', '/my-copies', $3, 'copy_activity',
              now() - interval '1 minute' FROM u`,
      [name, `${name}@example.com`, randomUUID()],
    );
  }
  const started = Date.now();
  const draining = identity.get(NotificationEmailWorker).drain();
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const sentSoFar = (
    await identity.db.query(`SELECT count(*)::int AS n FROM identity.dev_mail WHERE to_address = ANY($1)`, [emails])
  )[0].n as number;
  // Slots at 0, 500 and 1000 ms (one may already have been taken by the service's own poll).
  expect(sentSoFar).toBeGreaterThanOrEqual(2);
  expect(sentSoFar).toBeLessThanOrEqual(3);
  await draining;
  const elapsed = Date.now() - started;

  const sentAt = (
    await identity.db.query(
      `SELECT (extract(epoch FROM sent_at) * 1000)::float AS ms FROM identity.dev_mail
        WHERE to_address = ANY($1) ORDER BY sent_at`,
      [emails],
    )
  ).map((row: { ms: number }) => row.ms) as number[];
  expect(sentAt).toHaveLength(RECIPIENTS);
  // Any two consecutive e-mails are a slot apart (a few ms of timer slack allowed).
  for (let i = 1; i < sentAt.length; i++) expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(SPACING_MS - 20);
  expect(elapsed).toBeGreaterThanOrEqual((RECIPIENTS - 1) * SPACING_MS - 20);
  expect(elapsed).toBeLessThan(RECIPIENTS * SPACING_MS + 1_500);
});
