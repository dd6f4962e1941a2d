import { Module } from '@nestjs/common';
import { TraceOwnerProfileController } from './trace-owner-profile.controller';

/** The trace owner's dashboard calls, /api/trace-owner/{traceId}/… (seed 001 §7 Owner). */
@Module({ controllers: [TraceOwnerProfileController] })
export class TraceOwnerModule {}
