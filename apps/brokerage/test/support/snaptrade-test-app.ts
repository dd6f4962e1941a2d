import { randomUUID } from 'node:crypto';
import { FakeSnaptradeServer } from '@copytrade/testing';
import { ConnectionsController } from '../../src/modules/connections/connections.controller';
import { actorOf, startBrokerageApp, type BrokerageTestApp } from './brokerage-test-app';

/** The brokerage service with SnapTrade as its provider: the real SDK against a fake SnapTrade server of its own. */
export interface SnaptradeTestApp extends BrokerageTestApp {
  fake: FakeSnaptradeServer;
}

/** Starts the fake SnapTrade, then the service configured for it; close() stops both. */
export async function startSnaptradeBrokerageApp(label: string): Promise<SnaptradeTestApp> {
  const fake = await FakeSnaptradeServer.start();
  let running: BrokerageTestApp;
  try {
    running = await startBrokerageApp(label, {
      SNAPTRADE_CLIENT_ID: fake.clientId,
      SNAPTRADE_CONSUMER_KEY: fake.consumerKey,
      SNAPTRADE_BASE_URL: fake.url,
    });
  } catch (error) {
    await fake.stop();
    throw error;
  }
  return {
    ...running,
    fake,
    close: async () => {
      await running.close();
      await fake.stop();
    },
  };
}

/**
 * Registers `userId` with SnapTrade and connects a brokerage through the fake's portal, as the web app's popup
 * would, then lists the connections: the provider user id, where the portal sent the user back, the account ids.
 */
export async function connectSnaptradeUser(
  { app, fake }: SnaptradeTestApp,
  userId: string,
): Promise<{ providerUserId: string; redirect: URL; accountIds: string[] }> {
  const connections = app.get(ConnectionsController);
  const call = <T>(payload: T) => ({ requestId: `req-${randomUUID()}`, actor: actorOf(userId), payload });
  const { providerUserId } = await connections.registerUser(call({ userId }));
  const { connectionUrl } = await connections.connectionPortal(call({ userId, customRedirect: '/settings' }));
  const redirect = await fake.completePortal(connectionUrl);
  const { accountIds } = await connections.listConnections(call({ userId }));
  return { providerUserId, redirect, accountIds };
}
