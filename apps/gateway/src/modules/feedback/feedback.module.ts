import { Module } from '@nestjs/common';
import { GatewayFeedbackController } from './feedback.controller';

@Module({ controllers: [GatewayFeedbackController] })
export class GatewayFeedbackModule {}
