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

const isPlainObject = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Nested objects become their class so they are validated (no @Type: it needs reflect-metadata at load time). */
export const asInstanceOf =
  <T>(type: new () => T) =>
  ({ value }: { value: unknown }) =>
    isPlainObject(value) ? plainToInstance(type, value) : value;

/** asInstanceOf for each item of an array (no @Type, for the same reason). */
export const asArrayOf =
  <T>(type: new () => T) =>
  ({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((item: unknown) => asInstanceOf(type)({ value: item })) : value;

export class RpcActorDto implements RpcActor {
  @IsUUID('all', { message: 'actor.userId must be a valid id' })
  userId: string;

  @IsBoolean()
  isAdmin: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  sessionId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2_000)
  token?: string;
}

/** What every RPC envelope carries besides its payload. */
class RpcEnvelopeDto {
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
}

export type RpcCallClass<TPayload> = new () => RpcRequest<TPayload>;

/**
 * The envelope of one RPC with its payload class, for a handler's `@Payload()` type, so the services'
 * ValidationPipe checks (and whitelists) both: `export class LoginRpcCall extends rpcCallOf(LoginDto) {}`.
 */
export function rpcCallOf<TPayload extends object>(payload: new () => TPayload): RpcCallClass<TPayload> {
  class RpcCall extends RpcEnvelopeDto implements RpcRequest<TPayload> {
    @IsObject({ message: 'payload must be an object' })
    @ValidateNested()
    @Transform(asInstanceOf(payload))
    payload: TPayload;
  }
  return RpcCall;
}

/** A request whose payload has no fields (`{}`): the actor and request id only; whatever the payload holds is ignored. */
export class ActorOnlyRpcCall extends RpcEnvelopeDto implements RpcRequest<Record<string, never>> {
  @IsObject({ message: 'payload must be an object' })
  @Transform(({ value }: { value: unknown }) => (isPlainObject(value) ? {} : value))
  payload: Record<string, never>;
}
