import { ServiceRpcClientModule } from '../rpc/service-rpc-client.module';

export const COPY_ENGINE_RPC_CLIENT = Symbol('COPY_ENGINE_RPC_CLIENT');
/** Admin's client to the copy engine (the copies of the trades an admin lists or deletes). */
export const CopyEngineRpcClientModule = ServiceRpcClientModule.register(
  COPY_ENGINE_RPC_CLIENT,
  'admin-copy-engine-client',
);
