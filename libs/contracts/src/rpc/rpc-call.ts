import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import type { RpcActor, RpcRequest } from './rpc-envelope';

/** Nested objects become their class so they are validated (no @Type: it needs reflect-metadata at load time). */
export const asInstanceOf =
  <T>(type: new () => T) =>
  ({ value }: { value: unknown }) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? plainToInstance(type, value) : value;

export class RpcActorDto implements RpcActor {
  @IsUUID('all', { message: 'actor.userId must be a valid id' })
  userId: string;

  @IsBoolean()
  isAdmin: boolean;
}

/** The payload of a request that needs nothing but the envelope (status reads, the actor's own data). */
export class EmptyRpcPayload {}

export type RpcCallClass<TPayload> = new () => RpcRequest<TPayload>;

/**
 * The envelope of one RPC with its payload class, for a handler's `@Payload()` type, so the services'
 * ValidationPipe checks (and whitelists) both: `export class LoginRpcCall extends rpcCallOf(LoginDto) {}`.
 */
export function rpcCallOf<TPayload extends object>(payload: new () => TPayload): RpcCallClass<TPayload> {
  class RpcCall implements RpcRequest<TPayload> {
    @IsString()
    @IsNotEmpty()
    @MaxLength(200)
    requestId: string;

    @IsOptional()
    @IsObject()
    @ValidateNested()
    @Transform(asInstanceOf(RpcActorDto))
    actor?: RpcActorDto;

    @IsOptional()
    @IsString()
    @MaxLength(100)
    clientAddress?: string;

    @IsObject({ message: 'payload must be an object' })
    @ValidateNested()
    @Transform(asInstanceOf(payload))
    payload: TPayload;
  }
  return RpcCall;
}

/** A request whose payload has no fields (`{}`): the actor and request id only. */
export class ActorOnlyRpcCall extends (rpcCallOf(EmptyRpcPayload) as RpcCallClass<Record<string, never>>) {}
