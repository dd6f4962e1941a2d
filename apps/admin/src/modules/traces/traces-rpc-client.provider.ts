import { ServiceRpcClientModule } from '../rpc/service-rpc-client.module';

export const TRACES_RPC_CLIENT = Symbol('TRACES_RPC_CLIENT');

/** Admin's request/reply client to the traces service (its own NATS connection, closed on shutdown). */
export const TracesRpcClientModule = ServiceRpcClientModule.register(TRACES_RPC_CLIENT, 'admin-traces-client');
