import { Module } from '@nestjs/common';
import { IdentityUsersModule } from '../identity-users/identity-users.module';
import { OwnerProfileController } from './owner-profile.controller';
import { GetOwnerTraceUseCase } from './use-cases/get-owner-trace.use-case';
import { OwnerFollowerAnalyticsUseCase } from './use-cases/owner-follower-analytics.use-case';
import { OwnerSubscribersUseCase } from './use-cases/owner-subscribers.use-case';
import { OwnerPostsUseCase } from './use-cases/owner-posts.use-case';
import { TraceAvatarUseCase } from './use-cases/trace-avatar.use-case';
import { UpdateOwnerSettingsUseCase } from './use-cases/update-owner-settings.use-case';

/** The trace owner's data, profile, privacy, posts and avatar (docs/product.md#owner-dashboard). */
@Module({
  imports: [IdentityUsersModule],
  controllers: [OwnerProfileController],
  providers: [
    GetOwnerTraceUseCase,
    UpdateOwnerSettingsUseCase,
    OwnerPostsUseCase,
    TraceAvatarUseCase,
    OwnerFollowerAnalyticsUseCase,
    OwnerSubscribersUseCase,
  ],
})
export class OwnerProfileModule {}
