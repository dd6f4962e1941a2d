import { IsUUID } from 'class-validator';
import { rpcCallOf } from '../rpc-call';
import type { ListSubscriptionsRpcRequest } from './traces.rpc';

// Validated envelopes of the traces service's handlers (see rpcCallOf).

export class ListSubscriptionsRpcPayload implements ListSubscriptionsRpcRequest {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;
}

export class ListSubscriptionsRpcCall extends rpcCallOf(ListSubscriptionsRpcPayload) {}
