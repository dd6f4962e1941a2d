import { randomUUID } from 'node:crypto';
import {
  EMAIL_TOPICS,
  IdentityDevToolsRpc,
  IdentityErrorCode,
  Messages,
  NotificationsRpc,
  UserSettingsChanged,
  type DevMailView,
  type EmailTopic,
  type EmailUnsubscribeRpcReply,
  type ListDevMailRpcReply,
} from '@copytrade/contracts';
import { register } from 'prom-client';
import { NotificationEmailQueueStore } from '../../src/modules/notification-emails/notification-email-queue.store';
import { NotificationEmailWorker } from '../../src/modules/notification-emails/notification-email-worker';
import { useIdentityService } from '../support/identity-under-test';

/**
 * The notification e-mails with the service's own configuration (a window of 900 s, a gathering delay of 30 s):
 * notifications are written straight into identity.notifications, as the notifications module writes them, aged
 * by their created_at instead of waiting; the mail lands in the development mailbox.
 */
const identity = useIdentityService('identity_notification_emails');
const worker = () => identity.get(NotificationEmailWorker);
const PUBLIC_URL = 'http://localhost:3000';

interface TestUser {
  id: string;
  email: string;
}

async function newUser(): Promise<TestUser> {
  const name = `u${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const email = `${name}@example.com`;
  const [{ id }] = (await identity.db.query(
    `INSERT INTO identity.users (username, email, password_hash) VALUES ($1, $2, 'not-a-hash') RETURNING id`,
    [name, email],
  )) as Array<{ id: string }>;
  return { id, email };
}

/** A notification waiting for its e-mail, `ageSeconds` old (past the gathering delay by default). */
async function notify(
  user: TestUser,
  topic: EmailTopic,
  { ageSeconds = 60, title = `About ${topic}`, link = '/my-copies' } = {},
): Promise<string> {
  const [{ id }] = (await identity.db.query(
    `INSERT INTO identity.notifications (user_id, kind, title, body, link, dedupe_key, email_topic, created_at)
     VALUES ($1, 'copy_opened', $2, $3, $4, $5, $6, now() - $7 * interval '1 second') RETURNING id`,
    [user.id, title, `Body of ${title}`, link, randomUUID(), topic, ageSeconds],
  )) as Array<{ id: string }>;
  return id;
}

const mailsTo = async (user: TestUser): Promise<DevMailView[]> =>
  (
    await identity.rpc.request<{ to: string }, ListDevMailRpcReply>(
      IdentityDevToolsRpc.listDevMail,
      { to: user.email },
      { requestId: randomUUID() },
    )
  ).mails;

const pendingOf = async (user: TestUser): Promise<number> =>
  (
    await identity.db.query(
      `SELECT count(*)::int AS n FROM identity.notifications WHERE user_id = $1 AND emailed_at IS NULL`,
      [user.id],
    )
  )[0].n;

async function setPreferences(user: TestUser, flags: Record<string, boolean>): Promise<void> {
  const columns = Object.keys(flags).map((flag) => flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
  await identity.db.query(
    `INSERT INTO identity.notification_preferences (user_id, ${columns.join(', ')})
     VALUES ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})`,
    [user.id, ...Object.values(flags)],
  );
}

async function setOwnerPreferences(user: TestUser, flags: Record<string, boolean>): Promise<void> {
  const columns = Object.keys(flags).map((flag) => flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
  await identity.db.query(
    `INSERT INTO identity.owner_notification_preferences (user_id, ${columns.join(', ')})
     VALUES ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})`,
    [user.id, ...Object.values(flags)],
  );
}

/** Turns the topic's own switch off (or opts out where it has none). */
async function switchOff(user: TestUser, topic: EmailTopic): Promise<void> {
  const seed: Partial<Record<EmailTopic, string>> = {
    trade_shared: 'notifyOnTradeShared',
    trade_sold: 'notifyOnTradeSold',
    copied_trade_sold: 'notifyOnCopiedTradeSold',
  };
  const owner: Partial<Record<EmailTopic, string>> = {
    new_subscribers: 'emailNewSubscribers',
    trade_copies: 'emailTradeCopies',
  };
  if (seed[topic]) await setPreferences(user, { [seed[topic]]: false });
  else if (owner[topic]) await setOwnerPreferences(user, { [owner[topic]]: false });
  else
    await identity.db.query(`INSERT INTO identity.notification_email_opt_outs (user_id, topic) VALUES ($1, $2)`, [
      user.id,
      topic,
    ]);
}

const unsubscribe = (token: string) =>
  identity.rpc.request<{ token: string }, EmailUnsubscribeRpcReply>(
    NotificationsRpc.unsubscribe,
    { token },
    { requestId: randomUUID() },
  );
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { status?: number; code?: string; message: string }) => `${error.status} ${error.code} ${error.message}`,
  );
const INVALID = `400 ${IdentityErrorCode.UNSUBSCRIBE_LINK_INVALID} ${Messages.unsubscribeLinkInvalid}`;

/** The token of a mail's List-Unsubscribe header. */
const oneClickToken = (mail: DevMailView): string =>
  decodeURIComponent(/[?&]token=([^>&]+)>$/.exec(mail.headers['List-Unsubscribe']!)![1]!);

describe('queue depth (copytrade_notification_emails_queued)', () => {
  it('is read at scrape: the notifications waiting for their e-mail, counted up to a cap', async () => {
    const user = await newUser();
    // Inside the gathering delay: they stay waiting while the test reads.
    for (const topic of ['trade_shared', 'trade_sold', 'copied_trade_sold'] as const)
      await notify(user, topic, { ageSeconds: 0 });
    const line = (await register.metrics())
      .split('\n')
      .find((candidate) => candidate.startsWith('copytrade_notification_emails_queued'));
    expect(Number(line?.split(' ').pop())).toBeGreaterThanOrEqual(3);
    const store = identity.get(NotificationEmailQueueStore);
    expect(await store.waitingCount(2)).toBe(2);
    expect(await store.waitingCount(1_000_000)).toBeGreaterThanOrEqual(3);
  });
});

describe('coalescing', () => {
  it('mails a burst as one summary with HTML, text, absolute links and one-click unsubscribe headers', async () => {
    const user = await newUser();
    await notify(user, 'trade_shared', { title: 'AAPL shared', link: '/trace/t1' });
    await notify(user, 'trade_shared', { title: 'MSFT shared', link: '/trace/t1' });
    await notify(user, 'copy_activity', { title: 'Your copy of AAPL opened', link: '/my-copies' });
    await worker().drain();

    const mails = await mailsTo(user);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('3 updates from CopyTrade');
    expect(mail!.text).toContain('AAPL shared');
    expect(mail!.text).toContain(`${PUBLIC_URL}/trace/t1`);
    expect(mail!.html).toContain(`<a href="${PUBLIC_URL}/my-copies"><strong>Your copy of AAPL opened</strong></a>`);
    // Headers (RFC 8058) for the main topic (two of the three items); a visible link per topic in the body.
    expect(mail!.headers['List-Unsubscribe']).toMatch(
      new RegExp(`^<${PUBLIC_URL}/api/notifications/unsubscribe\\?token=[A-Za-z0-9_.%-]+>$`),
    );
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toMatch(new RegExp(`Stop e-mails about shared trades: ${PUBLIC_URL}/unsubscribe\\?token=`));
    expect(mail!.text).toMatch(new RegExp(`Stop e-mails about your copies: ${PUBLIC_URL}/unsubscribe\\?token=`));
    expect(mail!.html).toContain(`${PUBLIC_URL}/unsubscribe?token=`);
    expect((await unsubscribe(oneClickToken(mail!))).topic).toBe('trade_shared');
    expect(await pendingOf(user)).toBe(0);
  });

  it('mails at most once per window: what comes after waits for the window to end, then goes as one e-mail', async () => {
    const user = await newUser();
    await notify(user, 'copy_activity', { title: 'First' });
    await worker().drain();
    expect(await mailsTo(user)).toHaveLength(1);

    await notify(user, 'copy_activity', { title: 'Second' });
    await notify(user, 'copy_activity', { title: 'Third' });
    await worker().drain();
    expect(await mailsTo(user)).toHaveLength(1);
    expect(await pendingOf(user)).toBe(2);

    // 899 s after the last e-mail: still inside the window.
    await identity.db.query(
      `UPDATE identity.notification_email_recipients SET last_sent_at = now() - interval '899 seconds' WHERE user_id = $1`,
      [user.id],
    );
    await worker().drain();
    expect(await mailsTo(user)).toHaveLength(1);

    await identity.db.query(
      `UPDATE identity.notification_email_recipients SET last_sent_at = now() - interval '901 seconds' WHERE user_id = $1`,
      [user.id],
    );
    await worker().drain();
    const mails = await mailsTo(user);
    expect(mails.map((mail) => mail.subject)).toEqual(['2 updates from CopyTrade', 'First']);
    expect(await pendingOf(user)).toBe(0);
  });

  it('waits the gathering delay after the oldest notification, so a burst in the making is not split', async () => {
    const user = await newUser();
    const id = await notify(user, 'copy_activity', { ageSeconds: 0, title: 'Just now' });
    await worker().drain();
    expect(await mailsTo(user)).toHaveLength(0);

    await notify(user, 'copy_activity', { ageSeconds: 0, title: 'A moment later' });
    await identity.db.query(
      `UPDATE identity.notifications SET created_at = now() - interval '31 seconds' WHERE id = $1`,
      [id],
    );
    await worker().drain();
    expect((await mailsTo(user)).map((mail) => mail.subject)).toEqual(['2 updates from CopyTrade']);
  });

  it("mails one notification under its own title and leaves other users' rows alone", async () => {
    const [user, other] = [await newUser(), await newUser()];
    await notify(user, 'trade_sold', { title: 'NVDA was sold by the trader' });
    await notify(other, 'trade_sold', { ageSeconds: 0 });
    await worker().drain();
    expect((await mailsTo(user)).map((mail) => mail.subject)).toEqual(['NVDA was sold by the trader']);
    expect(await mailsTo(other)).toHaveLength(0);
    expect(await pendingOf(other)).toBe(1);
  });
});

describe('preferences at sending time', () => {
  it.each(EMAIL_TOPICS)(
    '%s: mailed while its switch is on; ruled out (marked, nothing sent) once off',
    async (topic) => {
      const [on, off] = [await newUser(), await newUser()];
      await switchOff(off, topic);
      await notify(on, topic);
      await notify(off, topic);
      await worker().drain();
      expect(await mailsTo(on)).toHaveLength(1);
      expect(await pendingOf(on)).toBe(0);
      expect(await mailsTo(off)).toHaveLength(0);
      expect(await pendingOf(off)).toBe(0);
      // Ruled out is not an e-mail: the window did not start.
      const started = await identity.db.query(
        `SELECT 1 FROM identity.notification_email_recipients WHERE user_id = $1 AND last_sent_at IS NOT NULL`,
        [off.id],
      );
      expect(started).toHaveLength(0);
    },
  );

  it("the master switch rules out the follower's topics; the owner dashboard's switches are not under it", async () => {
    const user = await newUser();
    await setPreferences(user, { emailNotifications: false });
    for (const topic of EMAIL_TOPICS) await notify(user, topic, { title: `About ${topic}` });
    await worker().drain();
    const mails = await mailsTo(user);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 updates from CopyTrade');
    expect(mails[0]!.text).toContain('About new_subscribers');
    expect(mails[0]!.text).toContain('About trade_copies');
    expect(mails[0]!.text).not.toContain('About trade_shared');
    expect(await pendingOf(user)).toBe(0);
  });

  it('mails the allowed rows of a batch and marks the ruled-out ones', async () => {
    const user = await newUser();
    await switchOff(user, 'trade_sold');
    await notify(user, 'trade_sold', { title: 'Ruled out' });
    await notify(user, 'trade_shared', { title: 'Allowed' });
    await worker().drain();
    const mails = await mailsTo(user);
    expect(mails.map((mail) => mail.subject)).toEqual(['Allowed']);
    expect(mails[0]!.text).not.toContain('Ruled out');
    expect(await pendingOf(user)).toBe(0);
  });
});

describe('a failing send', () => {
  afterEach(async () => {
    await identity.db.query(`DROP TRIGGER IF EXISTS refuse_mail ON identity.dev_mail`);
  });

  it('keeps the rows, retries that recipient later with backoff, and does not hold back the others', async () => {
    const [failing, fine] = [await newUser(), await newUser()];
    // The mailer refuses one address, as a mail server can (the development mailbox's insert fails).
    await identity.db.query(`
      CREATE OR REPLACE FUNCTION identity.refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.to_address = '${failing.email}' THEN RAISE EXCEPTION 'mailbox unavailable'; END IF;
        RETURN NEW;
      END $$`);
    await identity.db.query(
      `CREATE TRIGGER refuse_mail BEFORE INSERT ON identity.dev_mail FOR EACH ROW EXECUTE FUNCTION identity.refuse_mail()`,
    );
    await notify(failing, 'copy_activity');
    await notify(failing, 'trade_shared');
    await notify(fine, 'copy_activity');
    await worker().drain();

    expect(await mailsTo(fine)).toHaveLength(1);
    expect(await mailsTo(failing)).toHaveLength(0);
    expect(await pendingOf(failing)).toBe(2);
    const retry = async () =>
      (
        await identity.db.query(
          `SELECT failures, extract(epoch FROM retry_at - now())::float AS "inSeconds"
             FROM identity.notification_email_recipients WHERE user_id = $1`,
          [failing.id],
        )
      )[0] as { failures: number; inSeconds: number };
    expect(await retry()).toMatchObject({ failures: 1 });
    expect((await retry()).inSeconds).toBeGreaterThan(20);
    expect((await retry()).inSeconds).toBeLessThanOrEqual(30);

    // Not retried before its time.
    await worker().drain();
    expect(await mailsTo(failing)).toHaveLength(0);

    // Due again and still failing: the wait doubles.
    const due = () =>
      identity.db.query(
        `UPDATE identity.notification_email_recipients SET retry_at = now() - interval '1 second' WHERE user_id = $1`,
        [failing.id],
      );
    await due();
    await worker().drain();
    expect(await retry()).toMatchObject({ failures: 2 });
    expect((await retry()).inSeconds).toBeGreaterThan(50);

    // The server takes it again: one e-mail with both rows.
    await identity.db.query(`DROP TRIGGER refuse_mail ON identity.dev_mail`);
    await due();
    await worker().drain();
    expect((await mailsTo(failing)).map((mail) => mail.subject)).toEqual(['2 updates from CopyTrade']);
    expect(await pendingOf(failing)).toBe(0);
    expect(await retry()).toMatchObject({ failures: 0 });
  });
});

describe('one-click unsubscribe', () => {
  /** A mail of the topic to `user`, for its link. */
  async function linkOf(user: TestUser, topic: EmailTopic): Promise<string> {
    await notify(user, topic);
    await worker().drain();
    const [mail] = await mailsTo(user);
    return oneClickToken(mail!);
  }
  const preferencesOf = async (user: TestUser) =>
    (
      await identity.db.query(
        `SELECT email_notifications, notify_on_trade_shared, notify_on_trade_sold, notify_on_copied_trade_sold
           FROM identity.notification_preferences WHERE user_id = $1`,
        [user.id],
      )
    )[0] as Record<string, boolean> | undefined;
  const ownerPreferencesOf = async (user: TestUser) =>
    (
      await identity.db.query(
        `SELECT email_new_subscribers, email_trade_copies, email_revenue, email_comments
           FROM identity.owner_notification_preferences WHERE user_id = $1`,
        [user.id],
      )
    )[0] as Record<string, boolean> | undefined;
  const settingsEvents = async (user: TestUser) =>
    (
      await identity.db.query(
        `SELECT envelope->'data' AS data FROM identity.outbox WHERE subject = $1 AND envelope->'data'->>'userId' = $2`,
        [UserSettingsChanged.subject, user.id],
      )
    ).map((row: { data: unknown }) => row.data) as Array<{ changedFields: string[] }>;

  it("turns off exactly the link's seed flag for exactly its user, publishes the change once, and is idempotent", async () => {
    const [user, other] = [await newUser(), await newUser()];
    const token = await linkOf(user, 'trade_shared');
    expect(await unsubscribe(token)).toEqual({
      topic: 'trade_shared',
      message: 'You will no longer receive e-mails about shared trades.',
    });
    expect(await preferencesOf(user)).toEqual({
      email_notifications: true,
      notify_on_trade_shared: false,
      notify_on_trade_sold: true,
      notify_on_copied_trade_sold: true,
    });
    expect(await preferencesOf(other)).toBeUndefined();
    expect(await settingsEvents(user)).toEqual([expect.objectContaining({ changedFields: ['notifyOnTradeShared'] })]);

    expect((await unsubscribe(token)).topic).toBe('trade_shared');
    expect(await settingsEvents(user)).toHaveLength(1);

    // Later notifications of the topic are ruled out; others still go.
    await identity.db.query(
      `UPDATE identity.notification_email_recipients SET last_sent_at = now() - interval '1 hour' WHERE user_id = $1`,
      [user.id],
    );
    await notify(user, 'trade_shared', { title: 'Not mailed' });
    await notify(user, 'trade_sold', { title: 'Still mailed' });
    await worker().drain();
    expect((await mailsTo(user)).map((mail) => mail.subject)).toEqual(['Still mailed', 'About trade_shared']);
  });

  it("turns off the owner dashboard's switch alone", async () => {
    const user = await newUser();
    await setOwnerPreferences(user, { emailRevenue: false });
    const token = await linkOf(user, 'new_subscribers');
    expect((await unsubscribe(token)).message).toBe('You will no longer receive e-mails about new subscribers.');
    expect(await ownerPreferencesOf(user)).toEqual({
      email_new_subscribers: false,
      email_trade_copies: true,
      email_revenue: false,
      email_comments: false,
    });
    expect(await preferencesOf(user)).toBeUndefined();
  });

  it('records an opt-out for a topic without a switch of its own, once', async () => {
    const user = await newUser();
    const token = await linkOf(user, 'copy_activity');
    expect((await unsubscribe(token)).message).toBe('You will no longer receive e-mails about your copies.');
    expect((await unsubscribe(token)).topic).toBe('copy_activity');
    const optOuts = await identity.db.query(
      `SELECT user_id, topic FROM identity.notification_email_opt_outs WHERE user_id = $1`,
      [user.id],
    );
    expect(optOuts).toEqual([{ user_id: user.id, topic: 'copy_activity' }]);
    expect(await preferencesOf(user)).toBeUndefined();
  });

  it('refuses forged, altered and borrowed tokens with 400, changing nothing', async () => {
    const [user, other] = [await newUser(), await newUser()];
    const token = await linkOf(user, 'trade_sold');
    const [body, mac] = token.split('.') as [string, string];
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    const otherMac = (await linkOf(other, 'trade_sold')).split('.')[1]!;
    const forged = [
      'not-a-token',
      `${body}.`,
      `${body}.${mac.slice(0, -2)}`,
      `${body}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${encode(`${user.id}:copy_activity`)}.${mac}`, // another topic under this signature
      `${encode(`${other.id}:trade_sold`)}.${mac}`, // another user under this signature
      `${body}.${otherMac}`, // another user's signature
      `${body}.${mac}.extra`,
    ];
    for (const candidate of forged) expect(await refusal(unsubscribe(candidate))).toBe(INVALID);
    expect(await preferencesOf(user)).toBeUndefined();
    expect(await preferencesOf(other)).toBeUndefined();
    expect(await refusal(unsubscribe(''))).toMatch(/^400 /);
  });
});
