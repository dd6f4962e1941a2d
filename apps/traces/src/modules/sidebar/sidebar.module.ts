import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SubscriptionEntity } from './entities/subscription.entity';
import { TraceEntity } from './entities/trace.entity';
import { SidebarController } from './sidebar.controller';

@Module({ imports: [TypeOrmModule.forFeature([TraceEntity, SubscriptionEntity])], controllers: [SidebarController] })
export class SidebarModule {}
