/** Each backend service answers `rpc.<service>.health.check` so the gateway can tell it is reachable. */
export const healthPattern = (service: string) => `rpc.${service}.health.check`;

export interface HealthReply {
  service: string;
  status: 'ok';
  database: boolean;
  nats: boolean;
}
