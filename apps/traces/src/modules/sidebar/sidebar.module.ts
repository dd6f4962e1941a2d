import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SubscriptionEntity, TraceEntity } from '../shared/entities';
import { SidebarController } from './sidebar.controller';

@Module({ imports: [TypeOrmModule.forFeature([TraceEntity, SubscriptionEntity])], controllers: [SidebarController] })
export class SidebarModule {}
