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
