/** Injection token of the service's NatsConnection (one per process, drained on shutdown). */
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
/** Injection token of the MessagingModuleOptions given to forRoot. */
export const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');
