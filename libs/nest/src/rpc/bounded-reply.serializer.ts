import { Logger } from '@nestjs/common';
import { NatsRecordSerializer } from '@nestjs/microservices/serializers';
import { CommonErrorCode, type RpcErrorPayload } from '@copytrade/contracts';

/** NATS's default max_payload (1 MiB), less room for the headers. */
export const MAX_RPC_REPLY_BYTES = 1024 * 1024 - 8 * 1024;

type OutgoingPacket = { id?: string; response?: unknown; err?: unknown; isDisposed?: boolean };

/**
 * Replies as Nest's NATS serializer writes them, but never larger than the server accepts: publishing a larger one
 * throws inside the transport, where nothing catches it, and took the whole service down. An oversized reply is
 * logged and replaced by an error reply (500 INTERNAL: a defect of the call, which must page its answer), so the
 * caller gets an answer and the service keeps serving.
 */
export class BoundedReplySerializer extends NatsRecordSerializer {
  private readonly logger = new Logger(BoundedReplySerializer.name);

  constructor(private readonly maxBytes = MAX_RPC_REPLY_BYTES) {
    super();
  }

  override serialize(packet: OutgoingPacket): ReturnType<NatsRecordSerializer['serialize']> {
    const outgoing = super.serialize(packet);
    if (outgoing.data.length <= this.maxBytes) return outgoing;
    this.logger.error(`An RPC reply of ${outgoing.data.length} bytes is over ${this.maxBytes}: answered as an error`);
    const err: RpcErrorPayload = {
      status: 500,
      code: CommonErrorCode.INTERNAL,
      message: 'The answer was too large to send.',
    };
    return super.serialize({ id: packet.id, err, isDisposed: true });
  }
}
