import { Module } from '@nestjs/common';
import { TraceOwnerProfileController } from './trace-owner-profile.controller';
import { TraceOwnerRefreshController } from './trace-owner-refresh.controller';
import { TraceOwnerTradesController } from './trace-owner-trades.controller';

/** The trace owner's dashboard calls, /api/trace-owner/{traceId}/… (docs/product.md#rest-calls). */
@Module({ controllers: [TraceOwnerProfileController, TraceOwnerTradesController, TraceOwnerRefreshController] })
export class TraceOwnerModule {}
