import { Module } from '@nestjs/common';
import { AdminFeedbackController } from './admin-feedback.controller';

@Module({ controllers: [AdminFeedbackController] })
export class AdminFeedbackModule {}
