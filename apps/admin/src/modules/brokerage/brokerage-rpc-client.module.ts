import { ServiceRpcClientModule } from '../rpc/service-rpc-client.module';

export const BROKERAGE_RPC_CLIENT = Symbol('BROKERAGE_RPC_CLIENT');
/** Admin's client to the brokerage service (the brokerage tools). */
export const BrokerageRpcClientModule = ServiceRpcClientModule.register(BROKERAGE_RPC_CLIENT, 'admin-brokerage-client');
