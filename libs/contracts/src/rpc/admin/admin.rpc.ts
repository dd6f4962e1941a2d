export const AdminRpc = {
  getMaintenanceStatus: 'rpc.admin.maintenance-mode.get',
  setMaintenanceMode: 'rpc.admin.maintenance-mode.set',
} as const;

export interface MaintenanceStatusReply {
  isMaintenanceModeEnabled: boolean;
}
export interface SetMaintenanceModeRpcRequest {
  enabled: boolean;
}

/**
 * Core NATS: admin publishes the MaintenanceModeChanged envelope here, and flushes, before answering the write,
 * so every gateway serves the new value at once (the JetStream event remains the durable catch-up).
 */
export const MaintenanceModeBroadcastSubject = 'broadcast.admin.maintenance-mode.changed';
