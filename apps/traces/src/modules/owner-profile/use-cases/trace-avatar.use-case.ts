import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AVATAR_STORED_MAX_BYTES,
  OwnerProfileErrorCode,
  OwnerProfileMessages,
  traceAvatarUrl,
  type GetAvatarRpcReply,
  type PutAvatarRpcPayload,
  type PutAvatarRpcReply,
  type RpcRequest,
  type TraceIdRpcRequest,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { TraceAvatarEntity, TraceEntity } from '../../shared/entities';
import { findTraceOrThrow, requireActor, requireTraceOwner } from '../../shared/trace-access';

const avatarNotFound = () =>
  DomainException.notFound(OwnerProfileMessages.avatarNotFound, OwnerProfileErrorCode.AVATAR_NOT_FOUND);
const unsupported = () =>
  new DomainException(415, OwnerProfileErrorCode.AVATAR_UNSUPPORTED_TYPE, OwnerProfileMessages.avatarUnsupportedType);

/** A JPEG starts with SOI + a marker and ends with EOI. */
const isJpeg = (bytes: Buffer) =>
  bytes.length > 4 &&
  bytes[0] === 0xff &&
  bytes[1] === 0xd8 &&
  bytes[2] === 0xff &&
  bytes[bytes.length - 2] === 0xff &&
  bytes[bytes.length - 1] === 0xd9;

/**
 * Trace avatars, stored in PostgreSQL so every replica serves them. The gateway has already decoded the upload,
 * bounded it to 512 × 512 and re-encoded it as JPEG without metadata (the upload itself, up to 5 MB, would not fit
 * a NATS message); this service checks what it stores is a JPEG of a bounded size, keeps it with a content hash as
 * its version, and points the trace's avatar at `/api/traces/{id}/avatar?v=<hash>` so the URL changes with the
 * image (cached as immutable) and the trace's avatar shows wherever the trace does.
 */
@Injectable()
export class TraceAvatarUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async put({ actor, payload }: RpcRequest<PutAvatarRpcPayload>): Promise<PutAvatarRpcReply> {
    const bytes = Buffer.from(payload.dataBase64, 'base64');
    if (!isJpeg(bytes)) throw unsupported();
    if (bytes.length > AVATAR_STORED_MAX_BYTES)
      throw new DomainException(413, OwnerProfileErrorCode.AVATAR_TOO_LARGE, OwnerProfileMessages.avatarTooLarge);
    const version = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    return this.dataSource.transaction(async (manager) => {
      const trace = await requireTraceOwner(manager, payload.traceId, actor);
      await manager.upsert(
        TraceAvatarEntity,
        {
          traceId: trace.id,
          contentType: 'image/jpeg',
          content: bytes,
          version,
          byteSize: bytes.length,
          width: payload.width,
          height: payload.height,
          updatedBy: actor!.userId,
        },
        ['traceId'],
      );
      const url = traceAvatarUrl(trace.id, version);
      await manager.update(TraceEntity, { id: trace.id }, { avatarUrl: url });
      return { url, bytes: bytes.length, width: payload.width, height: payload.height };
    });
  }

  /** 404 'Avatar not found or already deleted.' when the trace has no uploaded avatar. */
  async delete({ actor, payload }: RpcRequest<TraceIdRpcRequest>): Promise<{ deleted: true }> {
    return this.dataSource.transaction(async (manager) => {
      const trace = await requireTraceOwner(manager, payload.traceId, actor);
      const result = await manager.delete(TraceAvatarEntity, { traceId: trace.id });
      if (!result.affected) throw avatarNotFound();
      await manager.update(TraceEntity, { id: trace.id }, { avatarUrl: null });
      return { deleted: true };
    });
  }

  /** Any signed-in user: the avatar shows wherever the trace does. */
  async get({ actor, payload }: RpcRequest<TraceIdRpcRequest>): Promise<GetAvatarRpcReply> {
    requireActor(actor);
    const manager = this.dataSource.manager;
    const avatar = await manager.findOneBy(TraceAvatarEntity, { traceId: payload.traceId });
    if (!avatar) {
      await findTraceOrThrow(manager, payload.traceId);
      throw avatarNotFound();
    }
    return { contentType: avatar.contentType, version: avatar.version, dataBase64: avatar.content.toString('base64') };
  }
}
