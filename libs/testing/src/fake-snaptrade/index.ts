export * from './fake-snaptrade-server';
export * from './fake-state';
export { BROKER_REJECTIONS } from './fake-errors';
export type { OrderProgress, OrderScript } from './fake-lifecycle';
export type { Known, WireOrderRecord } from './wire-types';
export { expectedSignature, sortedKeysJson } from './signature';
export { signFakeWebhook, snaptradeTimestamp, type FakeWebhookDelivery, type FakeWebhookInput } from './fake-webhooks';
