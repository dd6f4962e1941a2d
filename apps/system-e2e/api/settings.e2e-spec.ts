import { CopySettingsMessages, Messages, UserSettingsChanged, type UserSettingsChangedV1 } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import request from 'supertest';
import type { ApiSession } from '../src/support/api-session';
import { clientAt, eventsOn, signUp } from '../src/support/identity-flows';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

const suite = useTestPlatform('settings', { TRUST_PROXY: '1' });
let user: ApiSession;
let userId: string;
let demo: ApiSession;
let demoId: string;

beforeAll(async () => {
  user = clientAt(suite.platform.url);
  userId = (await signUp(user)).response.body.user.id;
  demo = clientAt(suite.platform.url);
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
});

/** The UserSettingsChanged events of one user, oldest first. */
const settingsEvents = async (ofUser: string) =>
  (await eventsOn<UserSettingsChangedV1>(suite.platform.natsUrl, UserSettingsChanged.subject)).filter(
    (event) => event.data.userId === ofUser,
  );

describe('onboarding', () => {
  it("reports and completes the user's own onboarding", async () => {
    expect((await user.post('/api/check-onboarding-status', { userId })).body).toEqual({
      success: true,
      completed: false,
    });
    const completed = await user.post('/api/complete-onboarding', { userId });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      success: true,
      message: Messages.onboardingCompleted,
      user: { id: userId, hasCompletedOnboarding: true },
    });
    expect((await user.post('/api/check-onboarding-status', { userId })).body).toEqual({
      success: true,
      completed: true,
    });
    expect((await user.get('/api/verify-token')).body.user.hasCompletedOnboarding).toBe(true);
    expect((await user.post('/api/complete-onboarding', { userId })).status).toBe(200);
  });

  it("refuses another user's id with 403 (admins too), a malformed id with 400, and visitors with 401", async () => {
    // The seeded demo user has finished onboarding: reopen it, so a completion the refusal let through would show.
    await suite.db.query('UPDATE identity.users SET has_completed_onboarding = false WHERE id = $1', [demoId]);
    for (const path of ['/api/check-onboarding-status', '/api/complete-onboarding']) {
      const other = await user.post(path, { userId: demoId });
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ code: 'FORBIDDEN', message: Messages.notYourAccount });
      expect((await user.post(path, { userId: 'me' })).body.message).toBe('userId must be a valid id');
      expect((await clientAt(suite.platform.url).post(path, { userId })).status).toBe(401);
    }
    const admin = clientAt(suite.platform.url);
    await admin.login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await admin.post('/api/complete-onboarding', { userId: demoId })).status).toBe(403);
    expect(
      (await suite.db.query('SELECT has_completed_onboarding FROM identity.users WHERE id = $1', [demoId])).rows[0]
        .has_completed_onboarding,
    ).toBe(false);
  });
});

describe('copy trading settings', () => {
  it('switches copy trading on and off and publishes each change', async () => {
    expect((await user.post('/api/update-copy-trading', { copyTradingEnabled: 'yes' })).body.message).toBe(
      'copyTradingEnabled must be true or false',
    );
    expect((await user.post('/api/update-copy-trading', {})).status).toBe(400);
    expect(
      (await clientAt(suite.platform.url).post('/api/update-copy-trading', { copyTradingEnabled: true })).status,
    ).toBe(401);

    const on = await user.post('/api/update-copy-trading', { copyTradingEnabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      success: true,
      message: 'Copy trading enabled',
      user: { id: userId, copyTradingEnabled: true },
    });
    const event = await expectEventually(async () => {
      const [latest] = (await settingsEvents(userId)).slice(-1);
      expect(latest?.data.changedFields).toEqual(['copyTradingEnabled']);
      return latest!;
    });
    expect(event).toMatchObject({
      type: 'UserSettingsChanged',
      producer: 'identity',
      data: { copyTradingEnabled: true, notificationPreferences: { emailNotifications: true } },
    });
    expect((await demo.get('/api/verify-token')).body.user.copyTradingEnabled).toBe(false);
  });

  it('saves amounts of at least 1, clears them with null, keeps the default at or below the maximum', async () => {
    const save = (body: object) => user.post('/api/update-copy-settings', body);
    const refusal = async (body: object) => {
      const response = await save(body);
      expect(response.status).toBe(400);
      return response.body.message as string;
    };
    expect(await refusal({ defaultCopyAmount: 0 })).toBe(CopySettingsMessages.tooSmall);
    expect(await refusal({ maxCopyAmount: 0.5 })).toBe(CopySettingsMessages.tooSmall);
    expect(await refusal({ defaultCopyAmount: '1000' })).toBe(CopySettingsMessages.notANumber);
    expect(await refusal({ defaultCopyAmount: 10.555 })).toBe(CopySettingsMessages.tooManyDecimals);
    expect(await refusal({ maxCopyAmount: 2e9 })).toBe(CopySettingsMessages.tooLarge);
    expect(await refusal({})).toBe(CopySettingsMessages.nothingToUpdate);

    expect((await save({ maxCopyAmount: 10000 })).body.user).toMatchObject({
      defaultCopyAmount: null,
      maxCopyAmount: 10000,
    });
    expect(await refusal({ defaultCopyAmount: 20000 })).toBe(CopySettingsMessages.defaultAboveMax);
    expect((await save({ defaultCopyAmount: 1000.5 })).body).toMatchObject({
      success: true,
      message: Messages.copySettingsUpdated,
      user: { defaultCopyAmount: 1000.5, maxCopyAmount: 10000 },
    });
    expect(await refusal({ maxCopyAmount: 500 })).toBe(CopySettingsMessages.defaultAboveMax);
    expect(await refusal({ defaultCopyAmount: 5, maxCopyAmount: 4 })).toBe(CopySettingsMessages.defaultAboveMax);
    const stored = (
      await suite.db.query('SELECT default_copy_amount, max_copy_amount FROM identity.users WHERE id = $1', [userId])
    ).rows[0];
    expect(stored).toEqual({ default_copy_amount: '1000.50', max_copy_amount: '10000.00' });

    const event = await expectEventually(async () => {
      const [latest] = (await settingsEvents(userId)).slice(-1);
      expect(latest?.data.changedFields).toEqual(['defaultCopyAmount']);
      return latest!;
    });
    expect(event.data).toMatchObject({ defaultCopyAmount: '1000.50', maxCopyAmount: '10000.00' });

    expect((await save({ maxCopyAmount: null })).body.user).toMatchObject({
      defaultCopyAmount: 1000.5,
      maxCopyAmount: null,
    });
    expect((await save({ defaultCopyAmount: null })).body.user).toMatchObject({
      defaultCopyAmount: null,
      maxCopyAmount: null,
    });
  });

  it('publishes nothing when a save changes nothing', async () => {
    await user.post('/api/update-copy-settings', { defaultCopyAmount: 250 });
    await expectEventually(async () =>
      expect((await settingsEvents(userId)).slice(-1)[0]?.data.defaultCopyAmount).toBe('250.00'),
    );
    const before = (await settingsEvents(userId)).length;
    expect((await user.post('/api/update-copy-settings', { defaultCopyAmount: 250 })).status).toBe(200);
    expect((await user.post('/api/update-copy-trading', { copyTradingEnabled: true })).status).toBe(200);
    const outbox = await suite.db.query(
      `SELECT count(*)::int AS n FROM identity.outbox WHERE subject = $1 AND envelope->'data'->>'userId' = $2`,
      [UserSettingsChanged.subject, userId],
    );
    expect(outbox.rows[0].n).toBe(before);
  });
});

describe('close my automatic copies when the trader sells', () => {
  it('is off by default, saves true or false, is read back at once, and refuses anything else', async () => {
    const save = (body: object) => user.post('/api/update-copy-settings', body);
    expect((await user.get('/api/verify-token')).body.user.closeAutoCopiesOnTraderSell).toBe(false);
    for (const value of ['yes', 'true', 1, null]) {
      const refused = await save({ closeAutoCopiesOnTraderSell: value });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(CopySettingsMessages.closeAutoCopiesNotBoolean);
    }
    expect(
      (await clientAt(suite.platform.url).post('/api/update-copy-settings', { closeAutoCopiesOnTraderSell: true }))
        .status,
    ).toBe(401);

    const on = await save({ closeAutoCopiesOnTraderSell: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      success: true,
      message: Messages.copySettingsUpdated,
      user: { id: userId, closeAutoCopiesOnTraderSell: true },
    });
    // Read-your-writes: the gateway's cached session was dropped before the answer.
    expect((await user.get('/api/verify-token')).body.user.closeAutoCopiesOnTraderSell).toBe(true);
    expect(
      (await suite.db.query('SELECT close_auto_copies_on_trader_sell FROM identity.users WHERE id = $1', [userId]))
        .rows[0].close_auto_copies_on_trader_sell,
    ).toBe(true);
    const event = await expectEventually(async () => {
      const [latest] = (await settingsEvents(userId)).slice(-1);
      expect(latest?.data.changedFields).toEqual(['closeAutoCopiesOnTraderSell']);
      return latest!;
    });
    expect(event.data).toMatchObject({ closeAutoCopiesOnTraderSell: true });
    expect((await demo.get('/api/verify-token')).body.user.closeAutoCopiesOnTraderSell).toBe(false);

    // Saving an amount leaves it as it is; false turns it off.
    expect((await save({ defaultCopyAmount: 300 })).body.user.closeAutoCopiesOnTraderSell).toBe(true);
    expect((await save({ closeAutoCopiesOnTraderSell: false })).body.user.closeAutoCopiesOnTraderSell).toBe(false);
    expect((await user.get('/api/verify-token')).body.user.closeAutoCopiesOnTraderSell).toBe(false);
  });
});

describe('notification preferences', () => {
  it('start all on, save only the flags sent, and publish the change', async () => {
    expect((await user.get('/api/user/notification-preferences').expect(200)).body).toEqual({
      success: true,
      preferences: {
        emailNotifications: true,
        notifyOnTradeShared: true,
        notifyOnTradeSold: true,
        notifyOnCopiedTradeSold: true,
      },
    });
    const saved = await user.put('/api/user/notification-preferences', {
      notifyOnTradeShared: false,
      notifyOnCopiedTradeSold: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      success: true,
      message: 'Notification preferences saved successfully!',
      preferences: {
        emailNotifications: true,
        notifyOnTradeShared: false,
        notifyOnTradeSold: true,
        notifyOnCopiedTradeSold: false,
      },
    });
    expect((await user.get('/api/user/notification-preferences')).body.preferences.notifyOnTradeShared).toBe(false);
    expect(Object.values((await demo.get('/api/user/notification-preferences')).body.preferences)).toEqual([
      true,
      true,
      true,
      true,
    ]);

    const event = await expectEventually(async () => {
      const [latest] = (await settingsEvents(userId)).slice(-1);
      expect(latest?.data.changedFields).toEqual(['notifyOnTradeShared', 'notifyOnCopiedTradeSold']);
      return latest!;
    });
    expect(event.data.notificationPreferences).toEqual(saved.body.preferences);
  });

  it('validate the flags, refuse visitors, and refuse a bearer that names another user', async () => {
    expect((await user.put('/api/user/notification-preferences', { emailNotifications: 'no' })).body.message).toBe(
      'emailNotifications must be true or false',
    );
    expect((await user.put('/api/user/notification-preferences', { smsNotifications: true })).status).toBe(400);
    expect((await request(suite.platform.url).get('/api/user/notification-preferences')).status).toBe(401);
    expect((await user.get('/api/user/notification-preferences').set('Authorization', `Bearer ${userId}`)).status).toBe(
      200,
    );
    const foreign = await user.get('/api/user/notification-preferences').set('Authorization', `Bearer ${demoId}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('FORBIDDEN');
  });
});
