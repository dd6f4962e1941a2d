import { EVENTS_STREAM, OpsAlertSubject } from '@copytrade/contracts';

/** Every app that connects to NATS, each with its own user (docs/security.md). */
export const NATS_APPS = ['gateway', 'identity', 'traces', 'brokerage', 'copy-engine', 'admin'] as const;
export type NatsApp = (typeof NATS_APPS)[number];

export interface SubjectPermissions {
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[] };
}

/**
 * What each app does on NATS besides serving `rpc.<app>.>`, publishing `events.<app>.>` and `broadcast.<app>.>`:
 * the requests it sends, the broadcasts it listens to and its durable JetStream consumers. Written out by hand (a
 * new call or consumer needs its line here; the nats-auth integration test and `npm start` show a missing one as a
 * "Permissions Violation" in nats-server's log).
 */
interface AppNeeds {
  calls: string[];
  /** Requests it must never send even within `calls` (the gateway's `rpc.>` less the services' own calls). */
  neverCalls?: string[];
  listens?: string[];
  durables?: string[];
  /** Ordered (ephemeral) consumers on the events stream: the gateway's live push. */
  orderedConsumers?: boolean;
}

const NEEDS: Record<NatsApp, AppNeeds> = {
  gateway: {
    calls: ['rpc.>'],
    // Calls only services make to each other (acting as themselves, with no user), and the admin service's own.
    neverCalls: [
      'rpc.*.admin.>',
      'rpc.identity.admin-users.>',
      'rpc.identity.projections.>',
      'rpc.identity.users.lookup',
      'rpc.brokerage.orders.place-batch',
      'rpc.brokerage.quotes.market',
      'rpc.brokerage.account-values.>',
      'rpc.brokerage.connections.refresh',
      'rpc.traces.copy-audience.>',
      'rpc.traces.copy-eligibility.>',
      'rpc.traces.copyable-open-trades.>',
      'rpc.traces.live-trades.>',
      'rpc.traces.trade-audience.list',
      'rpc.traces.projections.>',
    ],
    listens: ['broadcast.>'],
    orderedConsumers: true,
  },
  identity: {
    calls: ['rpc.traces.trade-audience.list'],
    // Every service's messaging library publishes the ops alerts; identity turns them into admins' notifications.
    listens: [OpsAlertSubject],
    durables: [
      'identity-brokerage-link-connections',
      'identity-brokerage-link-registrations',
      'identity-brokerage-link-deletions',
      'identity-onboarding-auto-subscribe',
      'identity-notifications-trades',
      'identity-notifications-subscriptions',
      'identity-notifications-copy-engine',
      'identity-notifications-orders',
    ],
  },
  traces: {
    calls: [
      'rpc.brokerage.accounts.list',
      'rpc.brokerage.positions.list',
      'rpc.brokerage.orders.list',
      'rpc.brokerage.orders.place',
      'rpc.brokerage.orders.get',
      'rpc.brokerage.connections.refresh',
      'rpc.identity.users.lookup',
      'rpc.identity.projections.apply',
    ],
    durables: [
      'traces-brokerage-sync-triggers',
      'traces-owner-trades-order-events',
      'traces-copy-counts',
      'traces-follower-results',
    ],
  },
  brokerage: { calls: ['rpc.identity.projections.apply'] },
  'copy-engine': {
    calls: [
      'rpc.brokerage.accounts.list',
      'rpc.brokerage.account-values.list',
      'rpc.brokerage.orders.place',
      'rpc.brokerage.orders.place-batch',
      'rpc.brokerage.orders.get',
      'rpc.brokerage.paper-market.get',
      'rpc.brokerage.quotes.get',
      'rpc.brokerage.quotes.market',
      'rpc.identity.users.lookup',
      'rpc.traces.copy-audience.list',
      'rpc.traces.copy-eligibility.check',
      'rpc.traces.copyable-open-trades.list',
      'rpc.traces.live-trades.list',
      'rpc.traces.projections.apply',
    ],
    durables: [
      'copy-engine-follower-settings',
      'copy-engine-auto-copy-close',
      'copy-engine-auto-copy-fanout',
      'copy-engine-open-positions-subscribed',
      'copy-engine-open-positions-resumed',
      'copy-engine-copies-order-events',
    ],
  },
  admin: {
    calls: [
      'rpc.brokerage.admin.>',
      'rpc.traces.admin.>',
      'rpc.copy-engine.admin.>',
      'rpc.identity.admin-users.>',
      'rpc.identity.users.lookup',
    ],
    durables: ['admin-audit-beta-approvals'],
  },
};

const JS_API = '$JS.API';

/** The JetStream API of the events stream every app may call at boot (ensureEventsStream is idempotent). */
const streamApi = (stream: string) => [
  `${JS_API}.INFO`,
  `${JS_API}.STREAM.INFO.${stream}`,
  `${JS_API}.STREAM.CREATE.${stream}`,
  `${JS_API}.STREAM.UPDATE.${stream}`,
];

/** One durable pull consumer: create or update it (with or without a filter token), read its info, pull, ack. */
const durableApi = (stream: string, durable: string) => [
  `${JS_API}.CONSUMER.CREATE.${stream}.${durable}`,
  `${JS_API}.CONSUMER.CREATE.${stream}.${durable}.>`,
  `${JS_API}.CONSUMER.DURABLE.CREATE.${stream}.${durable}`,
  `${JS_API}.CONSUMER.INFO.${stream}.${durable}`,
  `${JS_API}.CONSUMER.MSG.NEXT.${stream}.${durable}`,
  `$JS.ACK.${stream}.${durable}.>`,
];

/** Ordered consumers have generated names: any consumer of the stream, which only the gateway is given. */
const orderedConsumerApi = (stream: string) => [
  `${JS_API}.CONSUMER.CREATE.${stream}.>`,
  `${JS_API}.CONSUMER.INFO.${stream}.*`,
  `${JS_API}.CONSUMER.MSG.NEXT.${stream}.*`,
  `${JS_API}.CONSUMER.DELETE.${stream}.*`,
];

/** The app's NATS permissions: only the subjects it serves, calls, publishes and consumes. */
export function permissionsOf(app: NatsApp, stream = EVENTS_STREAM): SubjectPermissions {
  const needs = NEEDS[app];
  const isService = app !== 'gateway';
  const publish = [
    // Replies to requests it serves, and JetStream's answers to its own API calls go to the caller's inbox.
    '_INBOX.>',
    ...needs.calls,
    // A service's outbox relay and consumers announce rows set aside and dead letters (OpsAlertSubject).
    ...(isService ? [`events.${app}.>`, OpsAlertSubject] : []),
    `broadcast.${app}.>`,
    ...streamApi(stream),
    ...(needs.durables ?? []).flatMap((durable) => durableApi(stream, durable)),
    ...(needs.orderedConsumers ? orderedConsumerApi(stream) : []),
  ];
  const subscribe = ['_INBOX.>', ...(isService ? [`rpc.${app}.>`] : []), ...(needs.listens ?? [])];
  return {
    publish: needs.neverCalls ? { allow: publish, deny: needs.neverCalls } : { allow: publish },
    subscribe: { allow: subscribe },
  };
}
